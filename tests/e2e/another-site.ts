import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from '@playwright/test';

/** A page of the site framed by another site: its frame's id (`#id`), title, address (path on the site) and height. */
export interface FramedPage {
  id: string;
  title: string;
  path: string;
  height: number;
}

/**
 * Opens a page of another site (another origin: its own port on this machine) that frames
 * pages of the site under test, and records the site's answers by path and query, so a test
 * can read each framed page's headers. Call `close` when done.
 */
export async function openAnotherSite(
  page: Page,
  baseURL: string | undefined,
  frames: readonly FramedPage[],
): Promise<{ host: string; responses: Map<string, Response>; close: () => void }> {
  const site = new URL(baseURL ?? '').origin;
  const newsroom = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Another newsroom</title><h1>Another newsroom</h1>` +
        frames.map((f) => `<iframe id="${f.id}" title="${f.title}" src="${site}${f.path}" width="800" height="${f.height}"></iframe>`).join(''),
    );
  });
  await new Promise<void>((resolve) => newsroom.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(newsroom.address() as AddressInfo).port}`;
  const responses = new Map<string, Response>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === site) responses.set(`${url.pathname}${url.search}`, response);
  });
  await page.goto(`${host}/story`);
  return { host, responses, close: () => newsroom.close() };
}
