import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { ownedBy } from './columns.ts';

// Readership: counts only. No row names a reader, an address, a user agent or a full
// referring address; each web process adds up views in memory and writes them in one batch
// every second. Days are US Eastern calendar days (`YYYY-MM-DD`); daily rows are kept
// 13 months (the housekeeping job prunes older ones). The one exception, `source_visitors`,
// holds keyed hashes of addresses for the current day only.

/** Page views of each article per day. A deleted article takes its counts with it. */
export const articleViews = sqliteTable(
  'article_views',
  {
    day: text('day').notNull(),
    articleId: ownedBy('article_id', () => articles.id),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.articleId] }),
    // The cascade when an article is deleted.
    index('article_views_article_idx').on(table.articleId),
  ],
);

/**
 * Views per day by where they came from: `referrer`, the referring site's host name
 * (`news.google.com`; views without a referrer are not stored), or `campaign`, the site's own
 * mail whose link was followed (the edition's outbox kind). `visitors` counts the distinct
 * visitors who brought them that day, up to READERSHIP_MIN_VISITORS (all the Readership tab
 * needs to decide whether it shows the name).
 */
export const sourceViews = sqliteTable(
  'source_views',
  {
    day: text('day').notNull(),
    source: text('source', { enum: ['referrer', 'campaign'] }).notNull(),
    name: text('name').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.name] })],
);

/**
 * The distinct visitors of a referring host or campaign today, while it has fewer than
 * READERSHIP_MIN_VISITORS: a keyed hash of each address (HMAC-SHA-256 with a key made for
 * the day, `site_state` `readership:visitor-key`), so every web process counts the same
 * visitor once. A name's rows go once it has enough; the day's rows and its key go when the
 * day ends.
 */
export const sourceVisitors = sqliteTable(
  'source_visitors',
  {
    day: text('day').notNull(),
    source: text('source', { enum: ['referrer', 'campaign'] }).notNull(),
    name: text('name').notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.name, table.visitor] })],
);

/**
 * Each article's views in each period the readership screen shows (`today`, `7d`, `30d`),
 * so its top stories come in an index's order, a page at a time, whatever the archive's
 * size. Every batch of views adds to them; when the US Eastern day changes, the first batch
 * (or the flush timer) rebuilds them from `article_views` (`site_state` `readership:day`
 * names the day they were built for).
 */
export const articleViewTotals = sqliteTable(
  'article_view_totals',
  {
    period: text('period', { enum: ['today', '7d', '30d'] }).notNull(),
    articleId: ownedBy('article_id', () => articles.id),
    views: integer('views').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.period, table.articleId] }),
    // The top stories of a period, most viewed first.
    index('article_view_totals_rank_idx').on(table.period, table.views, table.articleId),
    index('article_view_totals_article_idx').on(table.articleId),
  ],
);
