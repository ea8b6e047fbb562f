import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { RELEASE_KINDS } from '../catalog/releases.ts';
import { articles } from './articles.ts';
import { timestampNow } from './columns.ts';

/**
 * The release desk's draft briefs: one per EIA release, written into the review queue when a
 * scheduled import brings the release's figures (`src/server/services/markets/release-desk.ts`).
 * Keyed by the release's stable id (`storage-2026-11-26`), and unique on its headline series and
 * period too, so however many processes or imports see a release, one brief is drafted; the row
 * stays when an editor deletes the draft (the release is not drafted again). The calendar links
 * a release to its brief once the brief is published.
 */
export const releaseBriefs = sqliteTable(
  'release_briefs',
  {
    releaseId: text('release_id').primaryKey(),
    kind: text('kind', { enum: RELEASE_KINDS }).notNull(),
    /** The series whose figures the brief leads with (a weekly release's headline series; the outlook's first series). */
    seriesSlug: text('series_slug').notNull(),
    /** The period of the figures it reports (a weekly release's week; for an outlook, its release day). */
    period: text('period').notNull(),
    /** The draft; null once an editor deleted it. */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    createdAt: timestampNow('created_at'),
  },
  (table) => [uniqueIndex('release_briefs_series_period_unique').on(table.seriesSlug, table.period)],
);
