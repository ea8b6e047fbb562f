// docs/contributing.md's "How to add an admin list", held against every admin list there is: each
// route that answers a list with `adminList` has the parts the recipe names (its query schema
// from src/lib/validation, its line in the permission table, its operation in the API document,
// a tab that loads it with `usePagedList`, and a service that answers `adminPage`). A list made
// another way, or a step the recipe forgets, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_CAPABILITIES } from '@/server/auth/route-permissions';
import { openApiDocument } from '@/server/openapi';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const filesUnder = (dir: string, ext: RegExp) =>
  (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => ext.test(f)).map((f) => `${dir}/${f.replace(/\\/g, '/')}`);

/** Lists whose pages are not the admin page size, so their services say their own page: the calendar's events and its release changes (25 a page). */
const OWN_PAGE_SIZE = new Set(['/api/admin/calendar-events', '/api/admin/release-changes']);

/** Each admin list route: its address, its query schema and service as `adminList(schema, service)` names them, and where they are imported from. */
function adminLists() {
  return filesUnder('src/pages/api/admin', /\.ts$/).flatMap((file) => {
    const text = read(file);
    const call = /adminList\((\w+),\s*(?:\(?[\w{}\s,]*\)?\s*=>\s*)?(\w+)/.exec(text);
    if (!call) return [];
    const [, schema = '', service = ''] = call;
    const from = (name: string) => new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '@/([^']+)'`).exec(text)?.[1];
    const path = `/${file.replace(/^src\/pages\//, '').replace(/(\/index)?\.ts$/, '')}`;
    return [{ file, path, schema, schemaFrom: from(schema), service, serviceFrom: from(service) }];
  });
}

const lists = adminLists();
const document = openApiDocument('https://example.test') as { paths: Record<string, { get?: unknown }> };
const components = filesUnder('src/components', /\.tsx?$/)
  .map(read)
  .join('\n');

describe('every admin list follows "How to add an admin list"', () => {
  it('finds the lists (articles, comments, the audit trail and the others)', () => {
    expect(lists.map((l) => l.path)).toEqual(expect.arrayContaining(['/api/admin/articles', '/api/admin/comments', '/api/admin/audit']));
    expect(lists.length).toBeGreaterThanOrEqual(15);
  });

  it.each(lists.map((l) => [l.path, l] as const))('%s: schema, permission, API document, tab and service', (path, list) => {
    expect(list.schemaFrom, `${list.file}: ${list.schema}`).toMatch(/^lib\/validation\//);
    expect(ROUTE_CAPABILITIES[`GET ${path}`], `route-permissions.ts: 'GET ${path}'`).toBeDefined();
    expect(document.paths[path]?.get, `the API document's GET ${path}`).toBeDefined();
    expect(components, `a tab calling usePagedList('${path}')`).toMatch(new RegExp(`usePagedList[^(]*\\(\\s*['\`]${path}['\`?]`));
    expect(list.serviceFrom, `${list.file}: ${list.service}`).toMatch(/^server\/services\//);
    if (!OWN_PAGE_SIZE.has(path))
      expect(read(`src/${list.serviceFrom}.ts`), `${list.serviceFrom}: ${list.service} answers adminPage`).toContain('adminPage(');
  });
});
