import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
        security?: unknown[];
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

/**
 * The problems of `value` against a JSON Schema of the kinds the document uses ($ref, allOf,
 * anyOf, oneOf, type, const, enum, properties, required, additionalProperties, items, prefixItems).
 */
function problems(value: unknown, schema: Schema, where: string): string[] {
  const ref = schema['$ref'];
  if (typeof ref === 'string') return problems(value, doc.components.schemas[ref.split('/').at(-1) ?? ''] ?? {}, where);
  const out: string[] = [];
  for (const part of (schema['allOf'] as Schema[] | undefined) ?? []) out.push(...problems(value, part, where));
  const oneOf = schema['oneOf'] as Schema[] | undefined;
  if (oneOf && oneOf.filter((s) => problems(value, s, where).length === 0).length !== 1) out.push(`${where}: matches not exactly one of oneOf`);
  const anyOf = schema['anyOf'] as Schema[] | undefined;
  if (anyOf && !anyOf.some((s) => problems(value, s, where).length === 0)) out.push(`${where}: matches none of anyOf`);
  const type = schema['type'] as string | string[] | undefined;
  if (type) {
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    const allowed = Array.isArray(type) ? type : [type];
    const ok = allowed.some((t) => t === actual || (t === 'integer' && Number.isInteger(value)) || (t === 'number' && actual === 'number'));
    if (!ok) return [...out, `${where}: ${actual} is not ${allowed.join('|')}`];
  }
  if ('const' in schema && value !== schema['const']) out.push(`${where}: ${String(value)} is not ${String(schema['const'])}`);
  const enumValues = schema['enum'] as unknown[] | undefined;
  if (enumValues && !enumValues.includes(value)) out.push(`${where}: ${String(value)} not in enum`);
  if (Array.isArray(value) && schema['items']) value.forEach((item, i) => out.push(...problems(item, schema['items'] as Schema, `${where}[${i}]`)));
  const prefixItems = schema['prefixItems'] as Schema[] | undefined;
  if (Array.isArray(value) && prefixItems) prefixItems.forEach((item, i) => out.push(...problems(value[i], item, `${where}[${i}]`)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of (schema['required'] as string[] | undefined) ?? []) if (!(key in record)) out.push(`${where}: ${key} missing`);
    const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
    for (const [key, sub] of Object.entries(properties)) if (key in record) out.push(...problems(record[key], sub, `${where}.${key}`));
    // An answer carries only the fields its shape names (no e-mail address slips into a public answer).
    if (schema['additionalProperties'] === false)
      for (const key of Object.keys(record)) if (!(key in properties)) out.push(`${where}: ${key} is not documented`);
  }
  return out;
}

/** The documented answer to a status: its own entry, else its range (`4XX`). */
const documentedAnswer = (responses: Record<string, unknown>, status: number) => responses[String(status)] ?? responses[`${String(status)[0]}XX`];

const isSecured = (operation: { security?: unknown[] }) => (operation.security?.length ?? 0) > 0;

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
        'GET /api/grid',
        'GET /api/grid/{region}',
        'GET /api/states',
        'GET /api/states/{code}',
        'GET /api/openapi.json',
      ]),
    );
  });

  it('every documented public GET answers 200 in the documented shape, with the documented headers', async () => {
    const article = ((await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { slug: string; id: number }[])[0];
    const values: Record<string, string> = {
      slug: article?.slug ?? '',
      articleId: String(article?.id ?? 1),
      kind: 'price',
      id: '1',
      region: 'tex',
      code: 'TX',
      file: 'wti.json',
    };
    const checked: string[] = [];
    let address = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      const get = methods['get'];
      if (!get || isSecured(get) || template === '/api/admin/check') continue;
      const series: Record<string, string[]> = {
        '/api/series/{slug}': ['/api/series/wti', '/api/series/gas-storage?start=2026-01-01', '/api/series/wti?vintage=first'],
        '/api/series/{slug}/revisions': ['/api/series/wti/revisions'],
        '/api/series/{slug}/annotations': ['/api/series/wti/annotations'],
        '/charts/markets/{file}': ['/charts/markets/wti.json', '/charts/markets/gas-storage.json?range=5y&compare=henry-hub'],
        '/charts/grid/{file}': ['/charts/grid/TEX.json?chart=generation'],
        '/charts/states/{file}': ['/charts/states/TX.json', '/charts/states/TX.json?chart=generation'],
        '/charts/reports/{file}': ['/charts/reports/share.json', '/charts/reports/price.json?series=wti,brent'],
      };
      for (const path of series[template] ?? [template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')]) {
        const response = await fetch(`${server.url}${path}`, { headers: { 'X-Forwarded-For': `203.0.113.${++address}` } });
        expect(response.status, path).toBe(200);
        const documented = get.responses['200'];
        const schema = documented?.content?.['application/json']?.schema;
        expect(schema, path).toBeDefined();
        expect(problems(await response.json(), schema ?? {}, path)).toEqual([]);
        // Every header the document promises; one it calls not required (a next page's Link) only when there is one.
        for (const [header, about] of Object.entries(documented?.headers ?? {})) {
          if ((about as { required?: boolean }).required !== false) expect(response.headers.has(header), `${path} ${header}`).toBe(true);
        }
        checked.push(path);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(11);
  });

  it('every documented operation answers one of its documented statuses, in the documented shape, signed out and signed in', async () => {
    const api = apiClient(server, PASSWORD);
    const article = ((await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { id: number }[])[0];
    // Writes go to records that do not exist and carry an empty body: nothing is changed, every answer is still checked.
    const values: Record<string, string> = {
      slug: '999999',
      id: '999999',
      revisionId: '999999',
      correctionId: '999999',
      key: '999999',
      releaseId: 'unknown-release',
      action: 'enable',
      articleId: String(article?.id ?? 1),
      kind: 'price',
      region: 'TEX',
      code: 'tx',
      file: 'nope.json',
    };
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
      const documented = documentedAnswer(op.operation.responses, res.status) as (typeof op.operation.responses)[string] | undefined;
      if (!documented) wrong.push(`${where}, not documented`);
      const schema = documented?.content?.['application/json']?.schema;
      if (schema) wrong.push(...problems(res.json, schema, where));
      answered.push(`${cookie ? 'in' : 'out'} ${op.method} ${op.template} ${res.status}`);
    };
    // Signed out: a secured call is a documented 401; the public ones answer as documented.
    for (const op of operations) await check(undefined, op);
    for (const op of operations.filter((o) => isSecured(o.operation))) expect(answered).toContain(`out ${op.method} ${op.template} 401`);
    // Signed in: every secured call, then the sign-out.
    const cookie = await api.signIn();
    const secured = operations.filter((o) => isSecured(o.operation));
    for (const op of secured) await check(cookie, op);
    await check(
      cookie,
      operations.find((o) => o.template === '/api/admin/logout')!,
    );
    expect(wrong).toEqual([]);
    expect(answered.filter((a) => a.startsWith('in ')).every((a) => !a.endsWith(' 401'))).toBe(true);
  });

  it("every record's documented GET answers a real record in the documented shape, its id read from the list it is in", async () => {
    const api = apiClient(server, PASSWORD);
    const cookie = await api.signIn();
    const [article] = (await (await fetch(`${server.url}/api/articles?limit=1&fields=summary`)).json()) as { id: number }[];
    const [edited] = (await api.call('GET', '/api/admin/articles', { cookie })).json['items'] as { id: number; title: string }[];
    // Records of every kind the admin reads one by one: a comment, a contact message, a revision, a mail in the outbox.
    const arranged = [
      await api.call('POST', `/api/articles/${article?.id}/comments`, {
        body: { authorName: 'Walker', authorEmail: 'walker@example.com', content: 'A comment the document walk reads back.' },
      }),
      await api.call('POST', '/api/contact', {
        body: {
          name: 'Walker',
          email: 'walker@example.com',
          subject: 'Walk the API',
          category: 'general',
          message: 'A message the document walk reads back.',
        },
      }),
      await api.call('PATCH', `/api/articles/${edited?.id}`, { cookie, body: { title: `${edited?.title ?? ''} (walked)` } }),
      await api.call('POST', '/api/newsletter/subscribe', { body: { email: 'walker@example.com' } }),
    ];
    expect(arranged.map((r) => r.status)).toEqual([201, 201, 200, 202]);
    /** The first item of a documented list: its `name` field, else its id. */
    const firstOf = async (listPath: string, name: string): Promise<string | undefined> => {
      const res = await api.call('GET', listPath, { cookie });
      const body: unknown = res.json;
      const items = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as Record<string, string | number>[];
      const value = items[0]?.[name] ?? items[0]?.['id'];
      return value === undefined ? undefined : String(value);
    };
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      const get = methods['get'];
      if (!get || !isSecured(get) || !template.includes('{')) continue;
      // Fill the parameters left to right, each from the documented list above it.
      let path: string | undefined = template;
      for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
        const parent: string = path.slice(0, path.indexOf(`/{${name}}`));
        const value = doc.paths[template.slice(0, template.indexOf(`/{${name}}`))]?.['get'] ? await firstOf(parent, name ?? 'id') : undefined;
        if (value === undefined) {
          path = undefined;
          break;
        }
        path = path.replace(`{${name}}`, value);
      }
      if (!path) continue;
      const res = await api.call('GET', path, { cookie });
      if (res.status !== 200) wrong.push(`${path} answered ${res.status}`);
      const schema = get.responses['200']?.content?.['application/json']?.schema;
      if (schema) wrong.push(...problems(res.json, schema, path));
      checked.push(template);
    }
    expect(wrong).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining([
        '/api/admin/articles/{id}',
        '/api/admin/articles/{id}/revisions',
        '/api/admin/articles/{id}/revisions/{revisionId}',
        '/api/admin/articles/{id}/corrections',
        '/api/admin/authors/{id}',
        '/api/admin/comments/{id}',
        '/api/admin/messages/{id}',
        '/api/admin/outbox/{id}',
      ]),
    );
  });

  it('describes every route of src/pages/api and the chart files of src/pages/charts, each of its methods', () => {
    const routes = ['api', 'charts'].flatMap((top) => {
      const dir = fileURLToPath(new URL(`../../src/pages/${top}/`, import.meta.url));
      const files = existsSync(dir)
        ? (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.includes('[...'))
        : [];
      return files.flatMap((file) => {
        const source = readFileSync(join(dir, file), 'utf8');
        const methods =
          /export const \{([^}]*)\} = endpoint/
            .exec(source)?.[1]
            ?.split(',')
            .map((m) => m.trim()) ?? [];
        const path = `/${top}/${file.replace(/\\/g, '/').replace(/(\/index)?\.ts$/, '')}`.replace(/\[(\w+)\]/g, '{}');
        return methods.filter((m) => m !== 'ALL').map((m) => `${m} ${path}`);
      });
    });
    expect(routes).toContain('GET /charts/markets/{}');
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`),
    );
    expect(routes.length).toBeGreaterThan(70);
    expect([...new Set(routes)].sort()).toEqual([...new Set(documented)].sort());
  });

  it("is clean under Redocly's recommended rules: no error, no warning", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, await (await fetch(`${server.url}/api/openapi.json`)).text());
      const cli = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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

  it('renders the document’s Markdown (code spans become <code>, no backtick on screen) and opens with contents linking to a section per tag', async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    const full = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      info: { description: string };
      tags: { name: string }[];
    };
    expect(full.info.description).toMatch(/`[^`]+`/);
    // The intro's first code span, as the page shows it.
    const span = /`([^`]+)`/.exec(full.info.description)?.[1] ?? '';
    expect(html).toContain(`<code>${span.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code>`);
    const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
    const text = main.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '');
    expect(text).not.toContain('`');

    const nav = /<nav\b[^>]*aria-labelledby="contents"[\s\S]*?<\/nav>/.exec(main)?.[0] ?? '';
    expect(nav).toMatch(/<h2 id="contents"[^>]*>Contents<\/h2>/);
    expect(main.indexOf(nav)).toBeLessThan(main.indexOf('<section'));
    const targets = [...nav.matchAll(/<a href="#([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, id, label]) => ({ id: id ?? '', label: label?.trim() }));
    expect(targets.map((t) => t.label)).toEqual([...full.tags.map((t) => t.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')), 'Shapes']);
    // Each call folds to its method, path and summary, so the page reads as a list of calls.
    const calls = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(main.match(/<details id="[^"]+"[^>]*>\s*<summary\b/g)?.length).toBeGreaterThanOrEqual(calls);
    for (const { id, label } of targets) {
      expect(main).toMatch(
        new RegExp(`<section aria-labelledby="${id}"[^>]*>\\s*<h2 id="${id}"[^>]*>\\s*${label?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*</h2>`),
      );
    }
  });
});
