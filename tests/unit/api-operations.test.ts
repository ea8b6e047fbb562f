// The API document is assembled from each domain's part, and what it says of limits and code
// lists is read from the code that enforces them: change a rule or a catalog and the document
// follows. (tests/api/openapi.test.ts checks the document against the route files and the server.)
import { describe, expect, it } from 'vitest';
import * as z from '@/lib/validation/zod-mini';
import { GRID_REGION_CODES, GRID_REGIONS } from '@db/catalog/grid';
import { categorySchema } from '@/lib/wire/articles';
import { TAG, adminRecords, durationText, mergePaths, ok, open, orList, rulesText } from '@/server/api-operations';
import { openApiDocument } from '@/server/openapi';
import { ADDRESS_SIGN_IN_RULES, FREE_LOGIN_FAILURES, RATE_RULES, VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';

const doc = openApiDocument('https://energy.example');
const operation = (path: string, method: string) => doc.paths[path]?.[method];
const said = (path: string, method: string) => JSON.stringify(operation(path, method));

describe('the API document from its domains', () => {
  it('says rate limits in words from the rules the services enforce', () => {
    expect(rulesText(RATE_RULES.comment)).toBe('1 per 15 s and 10 per hour');
    expect(rulesText([{ max: 3, windowMs: 24 * 3_600_000 }])).toBe('3 per day');
    expect(rulesText(ADDRESS_SIGN_IN_RULES)).toBe('20 per 15 minutes');
    expect(durationText(60_000)).toBe('1 minute');
    expect(said('/api/articles/{articleId}/comments', 'post')).toContain(`${rulesText(RATE_RULES.comment)} per address`);
    expect(said('/api/contact', 'post')).toContain(`${rulesText(RATE_RULES.contact)} per address`);
    expect(said('/api/newsletter/subscribe', 'post')).toContain(rulesText(RATE_RULES.newsletterEmail));
    expect(said('/api/admin/newsletter/test', 'post')).toContain(rulesText(RATE_RULES.newsletterTest));
    expect(said('/api/admin/login', 'post')).toContain(`${FREE_LOGIN_FAILURES} failed tries`);
    expect(said('/api/views', 'post')).toContain(`${VIEWS_PER_CLIENT_PER_MINUTE} a minute`);
    // Every read of the data API is limited by the one setting, and says its default.
    for (const path of ['/api/series', '/api/series/{slug}', '/api/grid', '/api/grid/{region}', '/api/states', '/api/states/{code}'])
      expect(said(path, 'get'), path).toMatch(/API_RATE_LIMIT a minute for the whole machine, 120 by default/);
  });

  it('lists codes from their catalogs', () => {
    const region = operation('/api/grid/{region}', 'get')?.parameters?.find((p) => p.name === 'region');
    expect(region?.description).toBe(`EIA’s respondent code, in any case: ${orList(GRID_REGION_CODES)}.`);
    expect(region?.description).toContain(', TEN or TEX.');
    expect(operation('/api/grid', 'get')?.summary).toContain(`${GRID_REGIONS.length - 1} regions`);
    expect(orList(['a'])).toBe('a');
  });

  it('builds an admin entity’s calls from one definition, only those it names', () => {
    const entity = { tag: TAG.adminData, noun: 'thing', shape: categorySchema };
    const paths = adminRecords('/api/admin/things', entity, {
      list: { operationId: 'listThings', summary: 'Things', items: 'things', query: z.object({}), about: {} },
      read: { operationId: 'getThing', summary: 'A thing' },
      remove: { operationId: 'deleteThing', summary: 'Delete a thing', conflict: 'In use.' },
    });
    expect(Object.fromEntries(Object.entries(paths).map(([path, methods]) => [path, Object.keys(methods)]))).toEqual({
      '/api/admin/things': ['get'],
      '/api/admin/things/{id}': ['get', 'delete'],
    });
    expect(paths['/api/admin/things/{id}']?.['delete']?.responses).toEqual({ '204': ok('Deleted.'), '404': 'No such thing.', '409': 'In use.' });
    expect(paths['/api/admin/things/{id}']?.['get']?.access).toBe('admin');
  });

  it('merges domains, and refuses a call two domains both document', () => {
    const read = open([TAG.articles], { operationId: 'x', summary: 'X', responses: { '200': ok('Fine.') } });
    expect(Object.keys(mergePaths({ '/a': { get: read } }, { '/a': { post: read } })['/a'] ?? {})).toEqual(['get', 'post']);
    expect(() => mergePaths({ '/a': { get: read } }, { '/a': { get: read } })).toThrow(/GET \/a is documented twice/);
  });
});
