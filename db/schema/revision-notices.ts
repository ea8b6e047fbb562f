import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { corrections } from './corrections.ts';
import { timestampNow } from './columns.ts';
import { importRuns } from './market.ts';

/**
 * The revision watch: a figure a published story cites (`article_citations`) that an import
 * revised, one row per story, figure and run, written when the run ends (found through the
 * run's index on `market_value_revisions` and the citations' index). The story's editors are
 * told once, in the panel and by a batched mail (a watermark of ids, as the editors' notice);
 * from the panel one click drafts the story's dated correction, and `correctionId` keeps it.
 */
export const figureRevisionNotices = sqliteTable(
  'figure_revision_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    seriesSlug: text('series_slug').notNull(),
    period: text('period').notNull(),
    /** What the story states. */
    valueAsPublished: real('value_as_published').notNull(),
    /** The figure before this revision, and the revised one. */
    previousValue: real('previous_value').notNull(),
    value: real('value').notNull(),
    runId: integer('run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    /** When the import saw the revision. */
    revisedAt: integer('revised_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: timestampNow('created_at'),
    /** The correction drafted from it, once one was. */
    correctionId: integer('correction_id').references(() => corrections.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('figure_revision_notices_unique').on(table.articleId, table.seriesSlug, table.period, table.revisedAt),
    index('figure_revision_notices_open_idx').on(table.correctionId, table.id),
    index('figure_revision_notices_article_idx').on(table.articleId, table.id),
  ],
);
