import { describe, expect, it } from 'vitest';
import type { Item } from 'feedparser';
import { parseFeed } from '../helpers/feed-reader.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The feeds read by a real feed reader's parser (feedparser, on sax in strict mode with
// namespaces: an undeclared prefix or malformed XML is an error, not a guess).
const server = useTestServer();

/** The feed's items as feedparser reads them, and every error the strict parse met. */
async function readFeed(path: string): Promise<{ items: Item[]; errors: string[]; raw: string }> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/xml/);
  const raw = await response.text();
  return { ...(await parseFeed(raw, `${server.url}${path}`)), raw };
}

describe('RSS feeds', () => {
  it.each(['/rss.xml', '/category/oil-gas/rss.xml', '/author/dana-whitfield/rss.xml'])(
    '%s parses strictly and carries each article’s full text and lead image',
    async (path) => {
      const { items, errors, raw } = await readFeed(path);
      expect(errors).toEqual([]);
      expect(raw).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
      expect(raw).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        // feedparser gives content:encoded as the description and the RSS description as the summary.
        const full = item.description;
        expect(full.length).toBeGreaterThan(item.summary.length);
        expect(full).toContain('<p>');
        // The lead image, by an absolute address, as Media RSS.
        const image = item.enclosures.find((e) => e.type?.startsWith('image/'));
        expect(image?.url).toMatch(/^http:\/\/localhost:4321\/.+\.(jpe?g|png|webp|avif)$/);
        expect(full).toContain(`<img src="${image?.url}"`);
      }
    },
  );

  it('says the text as the article page does: curly quotes and absolute addresses', async () => {
    const { items } = await readFeed('/rss.xml');
    const permian = items.find((i) => i.title === 'Permian Output Holds Near Record as Rig Count Slips');
    expect(permian?.description).toContain('“We are drilling fewer wells');
    expect(permian?.description).not.toMatch(/(src|href)="\/[^/]/);
  });
});
