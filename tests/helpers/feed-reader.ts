import FeedParser, { type Item } from 'feedparser';
import { Readable } from 'node:stream';

/**
 * A feed as a real feed reader's parser reads it (feedparser, on sax in strict mode with
 * namespaces: an undeclared prefix or malformed XML is an error, not a guess): its items, and
 * every error the strict parse met. `content:encoded` is an item's `description`.
 */
export async function parseFeed(raw: string, feedurl: string): Promise<{ items: Item[]; errors: string[] }> {
  const parser = new FeedParser({ strict: true, resume_saxerror: false, feedurl });
  const items: Item[] = [];
  const errors: string[] = [];
  await new Promise<void>((resolve) => {
    parser.on('readable', () => {
      for (let item = parser.read(); item; item = parser.read()) items.push(item);
    });
    parser.on('error', (error: Error) => errors.push(error.message));
    parser.on('end', () => resolve());
    Readable.from([raw]).pipe(parser);
  });
  return { items, errors };
}
