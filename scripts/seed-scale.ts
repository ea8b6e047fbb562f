// `npm run db:seed:scale -- --articles 100000 --comments 1000000 [--related]`: grows the configured
// database (migrated and seeded first) to newsroom size, for benchmarks and trials. With
// `--related` the added articles get their related stories at once (as a live site settles);
// without, the background pass relates them a batch a minute, as after a bulk import.
import { parseArgs } from 'node:util';
import { isFileUrl } from '@db/client';
import { growDatabase } from '@db/seed/scale';
import { filePathOf } from '@db/backends/worker-threads';
import { loadConfig } from '@/server/config';
import { prepareDatabase } from './prepare-db.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    comments: { type: 'string', default: '1000000' },
    related: { type: 'boolean', default: false },
  },
});
const articles = Number(values.articles);
const comments = Number(values.comments);
if (!Number.isInteger(articles) || articles < 0 || !Number.isInteger(comments) || comments < 0) {
  console.error('Usage: npm run db:seed:scale -- --articles <count> --comments <count> [--related]');
  process.exit(1);
}
const config = loadConfig();
if (!isFileUrl(config.databaseUrl)) {
  console.error(`DATABASE_URL is a libSQL server (${config.databaseUrl}): the scale seed writes an embedded file only.`);
  process.exit(1);
}
await prepareDatabase({ seed: true });
const started = Date.now();
console.log(`Growing ${config.databaseUrl} to ${articles} articles and ${comments} comments…`);
const result = growDatabase({ path: filePathOf(config.databaseUrl), articles, comments, related: values.related, log: (line) => console.log(line) });
console.log(`Added ${result.articlesAdded} articles and ${result.commentsAdded} comments in ${Math.round((Date.now() - started) / 1000)} s.`);
