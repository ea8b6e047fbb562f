import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import { serveSharedRenders, sharedRenderer, startRenderThread } from '@/server/front/render-thread';
import type { PageRenderer } from '@/server/page-render';
import type { RenderedPage } from '@/server/page-render';

// The render thread (src/server/front/render-thread.ts) runs the built app's `handler` on a
// thread of its own. Here a stand-in app plays the built one: it answers what the render
// thread asked of it (its locals), fails, or takes its thread down.
const dir = mkdtempSync(join(tmpdir(), 'render-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const app = join(dir, 'entry.mjs');
writeFileSync(
  app,
  `export const handler = (req, res, next, locals) => {
    if (req.url === '/exit') process.exit(1);
    if (req.url === '/fails') { res.writeHead(500, { 'content-type': 'text/plain' }); res.end('boom'); return; }
    if (req.url === '/gone') { res.writeHead(404, { etag: '"g"', 'x-render-route': '/[slug]', 'cache-control': 'no-store' }); res.end('none'); return; }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      etag: '"p"',
      'surrogate-key': 'site a:1 l:all',
      'x-render-route': '/[slug]',
      'x-render-valid-until': '1798000000000',
    });
    res.end(JSON.stringify({ url: req.url, locals, secretSeen: Object.keys(req.headers).some((h) => h.startsWith('x-render')) }));
  };`,
);

/** Renders until the thread answers (it starts in the background, and again after it exits). */
async function renderWhenUp(renderer: ReturnType<typeof startRenderThread>, address: string) {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (!renderer.ready) continue;
    return renderer.render(address);
  }
  throw new Error('the render thread never came up');
}

describe('the render thread', () => {
  const renderer = startRenderThread(app);
  afterAll(() => renderer.close());

  it('renders on its own thread, in render-only mode, and answers the page with what it showed', async () => {
    const page = await renderWhenUp(renderer, '/story?page=2');
    expect(page).toBeDefined();
    expect(JSON.parse(page!.body.toString())).toEqual({ url: '/story?page=2', locals: { renderOnly: true }, secretSeen: false });
    expect(page!.status).toBe(200);
    expect(page!.etag).toBe('"p"');
    expect(page!.route).toBe('/[slug]');
    expect(page!.tags).toEqual(['a:1', 'l:all']);
    expect(page!.validUntil).toBe(1_798_000_000_000);
    // The hop's own headers are not the page's.
    const names = page!.headers.map(([name]) => name);
    expect(names).toContain('content-type');
    for (const hop of ['date', 'connection', 'keep-alive', 'x-render-route', 'x-render-valid-until']) expect(names).not.toContain(hop);
  });

  it('answers a page that is not there as it is, without tags', async () => {
    const page = await renderWhenUp(renderer, '/gone');
    expect(page).toMatchObject({ status: 404, tags: [], validUntil: undefined });
  });

  it('leaves a failed render to the serving thread (undefined), and starts again after its thread exits', async () => {
    expect(await renderWhenUp(renderer, '/fails')).toBeUndefined();
    expect(await renderWhenUp(renderer, '/exit')).toBeUndefined();
    for (const end = Date.now() + 60_000; renderer.ready && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
    expect(renderer.ready).toBe(false);
    const again = await renderWhenUp(renderer, '/after');
    expect(again?.status).toBe(200);
  });
});

describe('a render thread whose app cannot load', () => {
  it('is never ready, so every page renders on the serving thread', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const renderer = startRenderThread(join(dir, 'missing.mjs'));
    try {
      const failedToLoad = () => logged.mock.calls.some(([line]) => String(line).includes('render_thread_failed'));
      for (const end = Date.now() + 60_000; !failedToLoad() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
      expect(failedToLoad()).toBe(true);
      expect(renderer.ready).toBe(false);
      expect(await renderer.render('/')).toBeUndefined();
    } finally {
      logged.mockRestore();
      await renderer.close();
    }
  });
});

describe('a render thread once up', () => {
  // A built app with modules its routes load lazily (dist/server/chunks): one that notes it was
  // loaded, and one that fails to load.
  const built = join(dir, 'warm');
  mkdirSync(join(built, 'chunks'), { recursive: true });
  writeFileSync(join(built, 'chunks', 'broken.mjs'), "throw new Error('this module cannot load');");
  writeFileSync(join(built, 'chunks', 'route.mjs'), 'globalThis.routeModuleLoaded = true;');
  writeFileSync(
    join(built, 'entry.mjs'),
    `export const handler = (req, res) => {
      res.writeHead(200, { etag: '"w"', 'x-render-route': '/', 'content-type': 'application/json' });
      res.end(JSON.stringify({ loaded: globalThis.routeModuleLoaded === true }));
    };`,
  );
  const renderer = startRenderThread(join(built, 'entry.mjs'));
  afterAll(() => renderer.close());

  it('loads the rest of the app in the background, so a route renders its first time without loading its code', async () => {
    let loaded = false;
    for (const end = Date.now() + 60_000; !loaded && Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
      const page = await renderWhenUp(renderer, '/');
      loaded = (JSON.parse(page?.body.toString() ?? '{}') as { loaded?: boolean }).loaded === true;
    }
    expect(loaded).toBe(true);
    // The module that failed to load took nothing down.
    expect((await renderer.render('/'))?.status).toBe(200);
  });
});

describe("the cluster's shared render service", () => {
  // A stand-in render thread: each render is counted and finishes when the test says so.
  let renders = 0;
  const pending: ((page: RenderedPage | undefined) => void)[] = [];
  const page = (n: number, validUntil?: number): RenderedPage => ({
    status: 200,
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['etag', `"${n}"`],
      ['surrogate-key', 'site a:1 l:all'],
    ],
    body: Buffer.from(`render ${n}`),
    etag: `"${n}"`,
    tags: ['a:1', 'l:all'],
    validUntil,
    route: '/article/[slug]',
  });
  const thread: PageRenderer = {
    render: () => {
      renders++;
      return new Promise((resolve) => pending.push(resolve));
    },
    ready: true,
    close: () => Promise.resolve(),
  };
  /** Waits until `done` holds, for at most half a minute however busy the machine. */
  const until = async (done: () => boolean) => {
    for (const end = Date.now() + 30_000; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 5));
    expect(done()).toBe(true);
  };
  /** Finishes the renders asked so far, each with what `answer` makes of its number. */
  const finish = async (answer: (n: number) => RenderedPage | undefined) => {
    for (const end = Date.now() + 30_000; pending.length === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 5));
    for (const resolve of pending.splice(0)) resolve(answer(renders));
  };
  const service = serveSharedRenders(thread);
  afterAll(async () => (await service).close());
  /** A web process that has applied the purges up to `through`. */
  const processAt = async (through: number | undefined) => sharedRenderer(await service, () => through);

  it('renders a page once for every process that asks while it renders, after the purges they applied', async () => {
    const { asked } = await service;
    const [a, b] = [await processAt(5), await processAt(5)];
    const first = a.render('/article/x');
    await until(() => renders === 1);
    // The second ask reaches the service while the first render is still running.
    const second = b.render('/article/x');
    await until(() => asked() === 2);
    expect(pending).toHaveLength(1);
    await finish((n) => page(n));
    expect(renders).toBe(1);
    expect((await first)?.body.toString()).toBe('render 1');
    expect((await second)?.body.toString()).toBe('render 1');
    expect(await first).toMatchObject({ status: 200, tags: ['a:1', 'l:all'], route: '/article/[slug]' });
  });

  it('hands a finished render to a process that applied no later purge, and renders again for one that did', async () => {
    const same = await (await processAt(5)).render('/article/x');
    expect(renders).toBe(1);
    expect(same?.body.toString()).toBe('render 1');
    const later = (await processAt(6)).render('/article/x');
    await finish((n) => page(n));
    expect((await later)?.body.toString()).toBe('render 2');
    expect(renders).toBe(2);
    // A process that has not read the purge log yet shares nothing rendered before it asked.
    const starting = (await processAt(undefined)).render('/article/x');
    await finish((n) => page(n));
    expect((await starting)?.body.toString()).toBe('render 3');
    // And what it rendered is handed to no one: nobody knows which purges it came after.
    const after = (await processAt(6)).render('/article/x');
    await finish((n) => page(n));
    expect((await after)?.body.toString()).toBe('render 4');
  });

  it('does not hand out a render that has fallen out of date, nor a failed one', async () => {
    const outdated = (await processAt(9)).render('/calendar');
    await finish((n) => page(n, Date.now() - 1));
    expect((await outdated)?.validUntil).toBeLessThan(Date.now());
    const before = renders;
    const again = (await processAt(9)).render('/calendar');
    await finish(() => undefined);
    expect(await again).toBeUndefined();
    expect(renders).toBe(before + 1);
    const third = (await processAt(9)).render('/calendar');
    await finish((n) => page(n));
    expect((await third)?.body.toString()).toBe(`render ${before + 2}`);
  });

  it('answers only askers that know its secret', async () => {
    const { port } = await service;
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/article/x', headers: { 'x-render-secret': 'guess' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .once('error', reject),
    );
    expect(status).toBe(403);
  });
});
