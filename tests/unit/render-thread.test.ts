import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRenderThread } from '@/server/front/render-thread';

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
