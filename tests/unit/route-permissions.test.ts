// The route table of permissions names exactly the staff calls the route files answer: a
// staff route without an entry would be refused to everyone (and is caught here), an entry
// without a route is a mistake in the table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionNeed } from '@/server/auth/guard';
import { CAPABILITIES } from '@/lib/staff/permissions';
import { jsonWithout, withoutPersonalData } from '@/server/auth/personal-data';
import { PERSONAL_DATA_ANSWERS, ROUTE_CAPABILITIES, personalDataOf } from '@/server/auth/route-permissions';
import { openApiDocument } from '@/server/openapi';
import { SUBSCRIBER_CSV_COLUMNS } from '@/server/services/newsletter/subscriber-export';

const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));

/** `METHOD /pattern` of every method a route file under src/pages/api exports, and the panel's page. */
function staffCalls(): string[] {
  const apiDir = join(pagesDir, 'api');
  const files = (readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.includes('[...'));
  const calls = files.flatMap((file) => {
    const pattern = `/api/${file
      .replace(/\\/g, '/')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '')}`;
    const source = readFileSync(join(apiDir, file), 'utf8');
    const methods = (/export const \{([^}]*)\}/.exec(source)?.[1] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== 'ALL');
    return methods.filter((method) => sessionNeed(pattern, method) === 'required').map((method) => `${method} ${pattern}`);
  });
  return [...calls, 'GET /admin'];
}

describe('the route table of permissions', () => {
  it('gives every staff call a capability, and names no call that does not exist', () => {
    const calls = staffCalls().sort();
    expect(calls.length).toBeGreaterThan(70);
    expect(Object.keys(ROUTE_CAPABILITIES).sort()).toEqual(calls);
  });
});

describe('answers with readers’ personal data', () => {
  /** `METHOD /pattern` and field of each property the API document marks as a reader’s personal data (`personal` in src/lib/wire/common.ts). */
  function markedInDocument(): string[] {
    const doc = openApiDocument('https://energy.example');
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    const marked = (schema: unknown, seen: Set<string>): string[] => {
      if (!schema || typeof schema !== 'object') return [];
      const s = schema as Record<string, unknown>;
      if (typeof s['$ref'] === 'string') {
        const id = s['$ref'].split('/').at(-1) ?? '';
        return seen.has(id) ? [] : marked(schemas[id], new Set([...seen, id]));
      }
      const own = Object.entries((s['properties'] as Record<string, Record<string, unknown>> | undefined) ?? {}).flatMap(([name, p]) => [
        ...((typeof p['description'] === 'string' ? p['description'] : '').startsWith('A reader’s personal data') ? [name] : []),
        ...marked(p, seen),
      ]);
      const nested = ['items', 'anyOf', 'oneOf', 'allOf'].flatMap((k) => [s[k]].flat().flatMap((x) => marked(x, seen)));
      return [...own, ...nested];
    };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => {
        const schema = op.responses['200']?.content?.['application/json']?.schema;
        const pattern = path.replace(/\{(\w+)\}/g, '[$1]').replace('[slug]', '[key]');
        return [...new Set(marked(schema, new Set()))].map((field) => `${method.toUpperCase()} ${pattern} ${field}`);
      }),
    );
  }

  it('lists every staff answer the document marks as carrying a reader’s personal data, with each field, and the CSV export’s column', () => {
    const listed = Object.entries(PERSONAL_DATA_ANSWERS)
      .filter(([call]) => !call.endsWith('.csv'))
      .flatMap(([call, fields]) => fields.map((field) => `${call} ${field}`));
    expect(markedInDocument().sort()).toEqual(listed.sort());
    expect(
      PERSONAL_DATA_ANSWERS['GET /api/admin/subscribers/export.csv']?.every((c) => (SUBSCRIBER_CSV_COLUMNS as readonly string[]).includes(c)),
    ).toBe(true);
    // Every listed call is a staff call of the table: its capability decides who may make it, the right what its answer holds.
    for (const call of Object.keys(PERSONAL_DATA_ANSWERS)) expect(ROUTE_CAPABILITIES[call], call).toBeDefined();
  });

  it('leaves the fields out for a role without the right, whatever lets it make the call: authors allowed to moderate still get no e-mail', () => {
    expect(personalDataOf('editor', 'GET', '/api/admin/comments')).toEqual([]);
    expect(personalDataOf('owner', 'GET', '/api/admin/outbox/[id]')).toEqual([]);
    expect(personalDataOf('author', 'GET', '/api/admin/articles')).toEqual([]);
    const authorsModerate = { ...CAPABILITIES, moderateComments: [...CAPABILITIES.moderateComments, 'author' as const] };
    expect(authorsModerate.moderateComments).toContain('author');
    expect(personalDataOf('author', 'GET', '/api/admin/comments', authorsModerate)).toEqual(['authorEmail']);
    expect(personalDataOf('author', 'HEAD', '/api/admin/comments/[id]', authorsModerate)).toEqual(['authorEmail']);
    expect(personalDataOf('contributor', 'GET', '/api/admin/subscribers/export.csv')).toEqual(['email']);
    // Only a grant of the right itself lets a role see the data.
    expect(
      personalDataOf('author', 'GET', '/api/admin/comments', { ...authorsModerate, readPersonalData: [...CAPABILITIES.readPersonalData, 'author'] }),
    ).toEqual([]);
  });

  it('removes the fields at any depth of JSON, and the columns of a CSV streamed in pieces, quoted cells and all', async () => {
    expect(
      JSON.parse(jsonWithout('{"items":[{"id":1,"authorEmail":"a@x.org","reply":{"authorEmail":"b@x.org"}}],"total":1}', ['authorEmail'])),
    ).toEqual({
      items: [{ id: 1, reply: {} }],
      total: 1,
    });
    const csv = 'email,status,topics\r\n"a,b@x.org",active,"oil, ""gas""\r\nand coal"\r\nc@x.org,pending,\r\n';
    const pieces = [csv.slice(0, 7), csv.slice(7, 30), csv.slice(30, 41), csv.slice(41)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
    const answer = await withoutPersonalData(new Response(stream, { headers: { 'Content-Type': 'text/csv; charset=utf-8', ETag: '"x"' } }), [
      'email',
    ]);
    expect(await answer.text()).toBe('status,topics\r\nactive,"oil, ""gas""\r\nand coal"\r\npending,\r\n');
    expect(answer.headers.has('ETag')).toBe(false);
    const json = await withoutPersonalData(Response.json({ email: 'a@x.org', id: 2 }), ['email']);
    expect(await json.json()).toEqual({ id: 2 });
    const refused = Response.json({ message: 'Forbidden' }, { status: 403 });
    expect(await withoutPersonalData(refused, ['email'])).toBe(refused);
  });
});
