// The newsroom's arrangement for API suites: a server with the administrator signed in, and
// stories made by the editors' API the way the newsroom makes them.
import { beforeAll, beforeEach, expect } from 'vitest';
import { rateLimitEvents } from '@db/schema';
import { apiClient, type ApiResult } from './api-client.ts';
import { useTestServer, type TestServerEnv } from './test-server.ts';

/**
 * The enclosing suite's server (`useTestServer` with `env`, the administrator's `password` and a
 * trusted proxy), its client, and the administrator's session (`admin.cookie`, signed in before
 * the tests). The rate limits' counts are emptied before each test, so a suite's many calls from
 * its few addresses are never refused.
 */
export function useNewsroomServer(password: string, env: TestServerEnv = {}) {
  const server = useTestServer(() => ({ ADMIN_PASSWORD: password, TRUST_PROXY: 'true', ...(typeof env === 'function' ? env() : env) }));
  const api = apiClient(server, password);
  const admin = { cookie: '' };
  beforeAll(async () => {
    admin.cookie = await api.signIn();
  });
  beforeEach(async () => {
    await server.database.db.delete(rateLimitEvents);
  });
  return { server, admin, ...api };
}

type Api = ReturnType<typeof apiClient>;

/** What a story maker's stories have in common: its title and slug get each story's number. */
export interface StoryBase {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  author: string;
  categoryId: number;
}

/**
 * A maker of numbered stories by the editors' API (`POST /api/articles` as `cookie()`): published
 * two hours ago unless `overrides` say otherwise; asserts it was created and answers the article.
 */
export function storyMaker<T = { id: number; slug: string; title: string }>(api: Api, cookie: () => string, base: StoryBase) {
  let made = 0;
  return async (overrides: Record<string, unknown> = {}): Promise<T> => {
    const n = ++made;
    const publishedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const body = { ...base, title: `${base.title} ${n}`, slug: `${base.slug}-${n}-${Date.now()}`, publishedAt, ...overrides };
    const res = await api.call('POST', '/api/articles', { cookie: cookie(), body });
    expect(res.status, res.text).toBe(201);
    return res.json as T;
  };
}

/**
 * A story of the markets desk published an hour ago by the editors' API (as `cookie`), asserted
 * created, and its page once current: answers the story's slug and its page.
 */
export async function publishStoryPage(
  api: Pick<Api, 'call' | 'currentPage'>,
  cookie: string,
  story: { title: string; slug: string; excerpt: string; content: string },
): Promise<{ slug: string; page: ApiResult }> {
  const body = { ...story, author: 'Markets Desk', categoryId: 1, publishedAt: new Date(Date.now() - 3_600_000).toISOString() };
  const created = await api.call('POST', '/api/articles', { cookie, body });
  expect(created.status, created.text).toBe(201);
  const { slug } = created.json as { slug: string };
  return { slug, page: await api.currentPage(`/article/${slug}`) };
}

/** Asks for a page until it is answered from the cache (rendered once, then stored). */
export async function cachedPage(api: Api, path: string): Promise<ApiResult> {
  for (let i = 0; i < 50; i++) {
    const res = await api.call('GET', path);
    expect(res.status, path).toBe(200);
    if (res.headers.get('X-Cache') === 'HIT') return res;
  }
  throw new Error(`${path} was never answered from the cache`);
}
