import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { users } from './auth.ts';
import { createdAndUpdated, ownedBy } from './columns.ts';
import { marketSeries } from './market.ts';

/**
 * The newsroom's annotations of a market series: a day or a span of days with a short label
 * ("Hurricane Milton shuts Gulf refineries"), optionally linking the story that tells it. Shown
 * on the series page, its embed and chart files, and the charts of stories; the linked story
 * lists the series it annotates. A series' annotations are read in time order through
 * (series_id, starts_on); a story's through (article_id).
 */
export const seriesAnnotations = sqliteTable(
  'series_annotations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seriesId: ownedBy('series_id', () => marketSeries.id),
    /** The day it marks, or the first day of its span (YYYY-MM-DD). */
    startsOn: text('starts_on').notNull(),
    /** The last day of its span (YYYY-MM-DD), after `startsOn`; null for a single day. */
    endsOn: text('ends_on'),
    /** A short line, as readers see it beside the chart. */
    label: text('label').notNull(),
    /** The story it links; a deleted story leaves the annotation without a link. */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    /** The editor who added it; null when the account is gone. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...createdAndUpdated(),
  },
  (table) => [
    index('series_annotations_series_idx').on(table.seriesId, table.startsOn, table.id),
    index('series_annotations_article_idx').on(table.articleId),
  ],
);
