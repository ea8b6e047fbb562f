import { describe, expect, it } from 'vitest';
import * as z from '@/lib/validation/zod-mini';
import { named } from '@/lib/wire/common';
import { categorySchema } from '@/lib/wire/articles';
import { buildPaths, ok, pathParam, type OperationSpec } from '@/server/api-document';

const spec = (overrides: Partial<OperationSpec>): OperationSpec => ({
  operationId: 'op',
  summary: 'An operation',
  tags: ['Test'],
  access: 'public',
  responses: { '200': ok('Fine.', categorySchema) },
  ...overrides,
});

describe('the API document built from zod schemas', () => {
  it('marks public calls open, gives staff calls the session, a 401 and a 403 naming the roles that may, writes a 403 and a 503, and a call without a client error a 4XX', () => {
    const write = spec({ operationId: 'write', access: 'admin', body: z.object({ name: z.string() }), responses: { '201': ok('Made.') } });
    const { paths } = buildPaths({ '/read': { get: spec({}) }, '/api/admin/comments/bulk': { post: write } });
    const read = paths['/read']?.['get'] as { security: unknown[]; responses: Record<string, unknown> };
    const built = paths['/api/admin/comments/bulk']?.['post'] as { security: unknown[]; responses: Record<string, { description: string }> };
    expect(read.security).toEqual([]);
    expect(Object.keys(read.responses)).toEqual(['200', '4XX']);
    expect(built.security).toEqual([{ session: [] }]);
    expect(Object.keys(built.responses)).toEqual(['201', '401', '403', '503']);
    expect(built.responses['403']?.description).toMatch(/only owner, editor\.$/);
    // A staff call the table of permissions does not list is refused by the server, and so by the document.
    expect(() => buildPaths({ '/api/admin/unlisted': { get: spec({ access: 'admin' }) } })).toThrow(/without a capability/);
  });

  it("takes the query's parameters from the route's schema, with their prose; named answers become components, unused ones are left out", () => {
    const { paths, schemas } = buildPaths({
      '/items/{id}': {
        get: spec({
          path: { id: pathParam('The id.', z.int()) },
          query: { schema: z.object({ q: z.string(), page: z._default(z.int(), 1) }), about: { q: 'Search text.' } },
          responses: { '200': ok('Items.', z.array(categorySchema)), '400': 'Bad query.' },
        }),
      },
    });
    const get = paths['/items/{id}']?.['get'] as { parameters: { name: string; in: string; required: boolean; description: string }[] };
    expect(get.parameters.map(({ name, in: where, required, description }) => ({ name, where, required, description }))).toEqual([
      { name: 'id', where: 'path', required: true, description: 'The id.' },
      { name: 'q', where: 'query', required: true, description: 'Search text.' },
      { name: 'page', where: 'query', required: false, description: '' },
    ]);
    expect(Object.keys(schemas).sort()).toEqual(['Category', 'Error']);
    expect(schemas['Category']).toMatchObject({ type: 'object', required: ['id', 'name', 'slug'], additionalProperties: false });
  });

  it('refuses two shapes under one name: a shape extended from a named one carries its name', () => {
    const base = named('TestBase', z.object({ a: z.string() }));
    const grown = z.extend(base, { b: z.string() });
    expect(() =>
      buildPaths({ '/x': { get: spec({ responses: { '200': ok('A.', base) } }), post: spec({ responses: { '200': ok('B.', grown) } }) } }),
    ).toThrow(/Two shapes are named TestBase/);
  });
});
