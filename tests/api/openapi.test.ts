import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

type Schema = Record<string, unknown>;
interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown;
        parameters?: { name: string; in: string }[];
        responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

const PASSWORD = 'openapi-admin-password';
const server = useTestServer({ TRUST_PROXY: 'true', ADMIN_PASSWORD: PASSWORD });
let doc: Doc;

beforeAll(async () => {
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Doc;
});

/** The problems of `value` against a JSON Schema of the kinds the document uses ($ref, allOf, oneOf, type, properties, required, items, enum). */
function problems(value: unknown, schema: Schema, where: string): string[] {
  const ref = schema['$ref'];
  if (typeof ref === 'string') return problems(value, doc.components.schemas[ref.split('/').at(-1) ?? ''] ?? {}, where);
  const out: string[] = [];
  for (const part of (schema['allOf'] as Schema[] | undefined) ?? []) out.push(...problems(value, part, where));
  const oneOf = schema['oneOf'] as Schema[] | undefined;
  if (oneOf && oneOf.filter((s) => problems(value, s, where).length === 0).length !== 1) out.push(`${where}: matches not exactly one of oneOf`);
  const type = schema['type'] as string | string[] | undefined;
  if (type) {
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    const allowed = Array.isArray(type) ? type : [type];
    const ok = allowed.some((t) => t === actual || (t === 'integer' && Number.isInteger(value)) || (t === 'number' && actual === 'number'));
    if (!ok) return [...out, `${where}: ${actual} is not ${allowed.join('|')}`];
  }
  const enumValues = schema['enum'] as unknown[] | undefined;
  if (enumValues && !enumValues.includes(value)) out.push(`${where}: ${String(value)} not in enum`);
  if (Array.isArray(value) && schema['items']) value.forEach((item, i) => out.push(...problems(item, schema['items'] as Schema, `${where}[${i}]`)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of (schema['required'] as string[] | undefined) ?? []) if (!(key in record)) out.push(`${where}: ${key} missing`);
    const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
    for (const [key, sub] of Object.entries(properties)) if (key in record) out.push(...problems(record[key], sub, `${where}.${key}`));
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it("describes every call of the README's public API table, the spec's calls and the data API", () => {
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/articles',
        'POST /api/articles',
        'GET /api/articles/{slug}',
        'PATCH /api/articles/{slug}',
        'DELETE /api/articles/{slug}',
        'GET /api/articles/{articleId}/comments',
        'POST /api/articles/{articleId}/comments',
        'POST /api/contact',
        'GET /api/categories',
        'GET /api/analytics',
        'GET /api/market-data',
        'GET /api/analytics-content',
        'POST /api/analytics-content',
        'PATCH /api/analytics-content/{id}',
        'DELETE /api/analytics-content/{id}',
        'GET /api/reports/{kind}',
        'GET /api/zoho/config',
        'GET /api/zoho/dashboard-data',
        'POST /api/zoho/test-connection',
        'POST /api/admin/login',
        'GET /api/admin/check',
        'POST /api/admin/logout',
        'GET /api/admin/comments',
        'PATCH /api/admin/comments/{id}/approve',
        'DELETE /api/admin/comments/{id}',
        'POST /api/admin/zoho-config',
        'GET /api/series',
        'GET /api/series/{slug}',
        'GET /api/openapi.json',
      ]),
    );
  });

  it('every documented public GET answers 200 in the documented shape, with the documented headers', async () => {
    const article = ((await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { slug: string; id: number }[])[0];
    const values: Record<string, string> = { slug: article?.slug ?? '', articleId: String(article?.id ?? 1), kind: 'price', id: '1' };
    const checked: string[] = [];
    let address = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      const get = methods['get'];
      if (!get || get.security || template === '/api/admin/check') continue;
      for (const path of template === '/api/series/{slug}'
        ? ['/api/series/wti', '/api/series/gas-storage?start=2026-01-01']
        : [template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')]) {
        const response = await fetch(`${server.url}${path}`, { headers: { 'X-Forwarded-For': `203.0.113.${++address}` } });
        expect(response.status, path).toBe(200);
        const documented = get.responses['200'];
        const schema = documented?.content?.['application/json']?.schema;
        expect(schema, path).toBeDefined();
        expect(problems(await response.json(), schema ?? {}, path)).toEqual([]);
        for (const header of Object.keys(documented?.headers ?? {})) expect(response.headers.has(header), `${path} ${header}`).toBe(true);
        checked.push(path);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(11);
  });

  it('every documented operation answers one of its documented statuses, in the documented shape, signed out and signed in', async () => {
    const api = apiClient(server, PASSWORD);
    const article = ((await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { id: number }[])[0];
    // Writes go to records that do not exist and carry an empty body: nothing is changed, every answer is still checked.
    const values: Record<string, string> = { slug: '999999', id: '999999', articleId: String(article?.id ?? 1), kind: 'price' };
    const operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
    );
    const answered: string[] = [];
    const wrong: string[] = [];
    const check = async (cookie: string | undefined, op: (typeof operations)[number]) => {
      const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
      const write = op.method !== 'GET';
      const res = await api.call(op.method, path, { ...(cookie ? { cookie } : {}), ...(write ? { body: {} } : {}) });
      const where = `${cookie ? 'signed in' : 'signed out'}: ${op.method} ${path} answered ${res.status}`;
      const documented = op.operation.responses[String(res.status)];
      if (!documented) wrong.push(`${where}, not documented`);
      const schema = documented?.content?.['application/json']?.schema;
      if (schema) wrong.push(...problems(res.json, schema, where));
      answered.push(`${cookie ? 'in' : 'out'} ${op.method} ${op.template} ${res.status}`);
    };
    // Signed out: a secured call is a documented 401; the public ones answer as documented.
    for (const op of operations) await check(undefined, op);
    for (const op of operations.filter((o) => o.operation.security)) expect(answered).toContain(`out ${op.method} ${op.template} 401`);
    // Signed in: every secured call, then the sign-out.
    const cookie = await api.signIn();
    const secured = operations.filter((o) => o.operation.security);
    for (const op of secured) await check(cookie, op);
    await check(
      cookie,
      operations.find((o) => o.template === '/api/admin/logout')!,
    );
    expect(wrong).toEqual([]);
    expect(answered.filter((a) => a.startsWith('in ')).every((a) => !a.endsWith(' 401'))).toBe(true);
  });

  it('a documented shape can fail: a checker that accepts anything would prove nothing', () => {
    expect(problems([{ slug: 1 }], { type: 'array', items: { $ref: '#/components/schemas/Series' } }, 'x').length).toBeGreaterThan(0);
  });

  it('documented error answers of the data API have the error shape', async () => {
    const bad = await fetch(`${server.url}/api/series/wti?start=nope`, { headers: { 'X-Forwarded-For': '203.0.113.250' } });
    expect(bad.status).toBe(400);
    expect(problems(await bad.json(), { $ref: '#/components/schemas/Error' }, 'error')).toEqual([]);
  });
});

describe('/api/docs', () => {
  it('is a readable page of every documented call, with no script, linked from the footer', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<h1\b[^>]*>Data API<\/h1>/);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const method of Object.keys(methods)) expect(html).toContain(`${method.toUpperCase()}</span>${path.replace(/&/g, '&amp;')}`);
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)[^>]*src=/);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('href="/api/docs"');
  });
});
