import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignLink } from '@/lib/view-beacon';
import { apiClient } from '../helpers/api-client.ts';
import { getPage, readMetric } from '../helpers/raw-http.ts';
import { publicStories } from '../helpers/database.ts';
import { useDuringSuite, useFake } from '../helpers/suite.ts';
import { freePort, useTestServer } from '../helpers/test-server.ts';
import { startVarnish } from '../helpers/varnish.ts';

// The shipped Varnish configuration (deploy/varnish) in front of the site, as an operator
// would run it: pages from Varnish's cache, purged by the keys they name when an editor saves,
// served in grace while the origin is down, the newsroom's traffic never stored.
const PASSWORD = 'varnish-admin-password';

describe('behind Varnish with the shipped configuration', () => {
  const ports = useDuringSuite(
    async () => ({ varnish: await freePort(), metrics: await freePort() }),
    () => Promise.resolve(),
  );
  const server = useTestServer(() => ({
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: 'true',
    CACHE_PURGE_URL: `http://127.0.0.1:${ports.varnish}`,
    METRICS_PORT: String(ports.metrics),
  }));
  const varnish = useFake(() => startVarnish(ports.varnish, Number(new URL(server.url).port)));
  const { call, signIn } = apiClient(server, PASSWORD);
  let cookie: string;
  let stories: { id: number; slug: string }[];

  beforeAll(async () => {
    cookie = await signIn();
    stories = await publicStories(server.database);
  });

  const edge = (path: string, headers: Record<string, string> = {}) => getPage(varnish.port, path, headers);
  /** Article pages the origin rendered so far (on its render thread or on the serving thread). */
  const articleRenders = async () =>
    (await readMetric(ports.metrics, 'site_page_render_seconds_count{route="/article/[slug]",thread="render"}')) +
    (await readMetric(ports.metrics, 'site_page_render_seconds_count{route="/article/[slug]",thread="serving"}'));

  it('keeps public pages: the second reader gets Varnish’s copy, and browsers never see the surrogate keys', async () => {
    const path = `/article/${stories[0]!.slug}`;
    const first = await edge(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-edge-cache']).toBe('miss');
    const second = await edge(path);
    expect(second.headers['x-edge-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    for (const header of ['surrogate-key', 'cache-tag', 'xkey']) expect(second.headers[header], header).toBeUndefined();
  });

  it('keeps one object for a page and its links from the mails: the campaign tags never split the key', async () => {
    const path = `/article/${stories[stories.length - 1]!.slug}`;
    const plain = await edge(path);
    expect(plain.status).toBe(200);
    for (const tagged of [campaignLink(`http://localhost${path}`, 'briefing'), `http://localhost${path}?utm_campaign=alert&utm_source=energypulse`]) {
      const url = new URL(tagged);
      const answer = await edge(`${url.pathname}${url.search}`);
      expect(answer.headers['x-edge-cache'], tagged).toBe('hit');
      expect(answer.body, tagged).toBe(plain.body);
    }
  });

  it('a save purges the pages that show the story, each fetched once from the origin, while the other pages stay hits', async () => {
    const edited = stories[1]!;
    const editedPath = `/article/${edited.slug}`;
    // Another story's page that does not link to the edited one, and the markets page.
    let untouched = '/markets';
    for (const s of stories.slice(2)) {
      if (!(await getPage(Number(new URL(server.url).port), `/article/${s.slug}`)).body.includes(`/article/${edited.slug}"`)) {
        untouched = `/article/${s.slug}`;
        break;
      }
    }
    const kept = new Map<string, string>();
    for (const path of [editedPath, untouched, '/markets']) {
      await edge(path);
      const hit = await edge(path);
      expect(hit.headers['x-edge-cache'], path).toBe('hit');
      kept.set(path, hit.body);
    }
    const excerpt = `Edited behind Varnish ${Date.now()}.`;
    expect((await call('PATCH', `/api/articles/${edited.id}`, { cookie, body: { excerpt } })).status).toBe(200);
    // The save rendered the page afresh at the origin before it was answered (with any other
    // page the origin holds whose related stories it changed).
    const rendersBefore = await articleRenders();
    // Varnish serves the old page while it fetches the new one, then the new one from its cache.
    let readers = 0;
    for (;;) {
      const page = await edge(editedPath);
      readers++;
      expect(page.status).toBe(200);
      if (page.body.includes(excerpt) && page.headers['x-edge-cache'] === 'hit') break;
      expect(readers, 'the new version never reached Varnish').toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const path of [untouched, '/markets']) {
      const page = await edge(path);
      expect(page.headers['x-edge-cache'], path).toBe('hit');
      expect(page.body, path).toBe(kept.get(path));
    }
    // However many readers asked meanwhile, Varnish fetched the page the origin held: no render
    // (one, should the save's render not have been done in time on a busy machine).
    expect(readers).toBeGreaterThan(1);
    expect((await articleRenders()) - rendersBefore).toBeLessThanOrEqual(1);
  });

  it('answers a save only once Varnish dropped the pages it changed: a read through Varnish right after gets the new page (10 rounds)', async () => {
    const story = stories[5]!;
    const path = `/article/${story.slug}`;
    for (let round = 0; round < 10; round++) {
      // Varnish holds the page (a hit), as it would for a page readers read.
      for (let tries = 0; (await edge(path)).headers['x-edge-cache'] !== 'hit'; tries++) expect(tries).toBeLessThan(50);
      const excerpt = `Round ${round} behind Varnish, ${Date.now()}.`;
      const saved = await call('PATCH', `/api/articles/${story.id}`, { cookie, body: { excerpt } });
      expect(saved.status, saved.text).toBe(200);
      const next = await edge(path);
      expect(next.status).toBe(200);
      expect(next.body, `round ${round}: the first read after the save got the old page (${String(next.headers['x-edge-cache'])})`).toContain(
        excerpt,
      );
    }
  });

  it('never stores the admin panel, its API, a preview link or a signed-in request', async () => {
    const path = `/article/${stories[2]!.slug}`;
    await edge(path);
    for (const [target, headers] of [
      ['/admin', { Cookie: cookie }],
      ['/api/admin/articles', { Cookie: cookie }],
      [`${path}?preview=not-a-real-token`, {}],
      [path, { Cookie: cookie }],
    ] as const) {
      for (let i = 0; i < 2; i++) expect((await edge(target, headers)).headers['x-edge-cache'], target).toBe('pass');
    }
    // A reader's other cookies do not split or skip the cache.
    expect((await edge(path, { Cookie: 'theme=dark; _ga=GA1.2.3' })).headers['x-edge-cache']).toBe('hit');
  });

  it('refuses a purge that names no keys, and a client cannot force a pass', async () => {
    const purge = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: varnish.port, path: '/', method: 'PURGE' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(purge).toBe(400);
    const path = `/article/${stories[3]!.slug}`;
    await edge(path);
    expect((await edge(path, { 'X-Edge-Pass': '1' })).headers['x-edge-cache']).toBe('hit');
  });

  it('serves the pages it holds, in grace, while the origin does not answer', async () => {
    const path = `/article/${stories[4]!.slug}`;
    await edge(path);
    const held = await edge(path);
    expect(held.headers['x-edge-cache']).toBe('hit');
    // The origin hangs (stopped, not gone), and the page is purged as a save would.
    process.kill(server.pid, 'SIGSTOP');
    try {
      const purged = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: varnish.port, path: '/', method: 'PURGE', headers: { 'xkey-softpurge': `a:${stories[4]!.id}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(purged).toBe(200);
      for (let i = 0; i < 3; i++) {
        const page = await edge(path);
        expect(page.status).toBe(200);
        expect(page.body).toBe(held.body);
      }
    } finally {
      process.kill(server.pid, 'SIGCONT');
    }
  });
});

describe('a Varnish for the tests', () => {
  // Two test runs side by side on one machine: a port found free may be taken before varnishd
  // binds it. The helper must then fail, not take the other run's server for its Varnish.
  it('refuses a port another server took, rather than calling that server its Varnish', async () => {
    const taken = http.createServer((_req, res) => res.end('another run'));
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(startVarnish(port, port)).rejects.toThrow(/Address already in use/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
