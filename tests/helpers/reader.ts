// A reader of a test server's pages and files, and what the contract says to a request it refuses.
import { expect } from 'vitest';
import { fetchCurrent } from './purge.ts';

let address = 0;

/** GETs from `server` (once current, see `fetchCurrent`), each from an address of its own, so one test's rate limit never reaches another's. */
export function reader(server: { url: string }) {
  return (path: string, headers: Record<string, string> = {}) =>
    fetchCurrent(`${server.url}${path}`, { headers: { 'X-Forwarded-For': `198.51.100.${++address}`, ...headers } });
}

type Get = (path: string) => Promise<Response>;

/** Asserts that each path answers the contract's 400 for its query, with a message on the parameter named. */
export async function expectQueryRefused(get: Get, cases: readonly (readonly [path: string, field: string])[]): Promise<void> {
  for (const [path, field] of cases) {
    const res = await get(path);
    expect(res.status, path).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message, path).toBe('Invalid query parameters');
    expect(body.errors[field]?.[0], path).toEqual(expect.any(String));
  }
}

/** Asserts that `path` with each query answers the contract's 400 for its query, with a message on the parameter the query names first. */
export async function expectQueriesRefused(get: Get, path: string, queries: readonly string[]): Promise<void> {
  await expectQueryRefused(
    get,
    queries.map((query) => [`${path}?${query}`, query.split('=')[0] ?? ''] as const),
  );
}

/** Asserts that each path is a 404 answered with the contract's JSON (not a page). */
export async function expectJsonNotFound(get: Get, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const res = await get(path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
  }
}
