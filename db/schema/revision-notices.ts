import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { corrections } from './corrections.ts';
import { ownedBy, timestampNow } from './columns.ts';
import { importRuns } from './market.ts';

/**
 * The revision watch: a figure a published story cites (`article_citations`) that an import
 * revised, one row per story, figure and run, written when the run ends (found through the
 * run's index on `figure_revisions` and the citations' index). The story's editors are
 * told once, in the panel and by a batched mail (a watermark of ids, as the editors' notice);
 * from the panel one click drafts the story's dated correction, and `correctionId` keeps it.
 */
export const figureRevisionNotices = sqliteTable(
  'figure_revision_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: ownedBy('article_id', () => articles.id),
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
    /** The correction published from it, once one was (set in the transaction that publishes it, where still null: once). */
    correctionId: integer('correction_id').references(() => corrections.id, { onDelete: 'set null' }),
    /**
     * The correction's draft, written once by the first editor who opens it (where still null);
     * every other editor is taken to this one. Who started it, by id and by name as it was (no
     * foreign key: the name outlives the account).
     */
    draftText: text('draft_text'),
    draftedAt: integer('drafted_at', { mode: 'timestamp_ms' }),
    draftedBy: integer('drafted_by'),
    draftedByName: text('drafted_by_name'),
  },
  (table) => [
    uniqueIndex('figure_revision_notices_unique').on(table.articleId, table.seriesSlug, table.period, table.revisedAt),
    index('figure_revision_notices_open_idx').on(table.correctionId, table.id),
    index('figure_revision_notices_article_idx').on(table.articleId, table.id),
  ],
);

/**
 * The revision watch's work, one row per EIA import run that wrote market figures: written in
 * the import's own transaction (the same commit as the figures and their vintages), so a run's
 * revisions never exist without it. `watchedAt` is null until the transaction that writes the
 * run's notices claims the row (a conditional update), whoever runs it first: the importing
 * process right after the import, or the notices job of any process later (after a crash or a
 * failed watch). A run is watched exactly once however many processes try. The job counts its
 * attempts at a run (`attempts`) and gives a run up after a few (`givenUpAt`, an error in the
 * log), so a run whose watch always fails neither stays pending forever nor holds newer runs back.
 */
export const revisionWatches = sqliteTable(
  'revision_watches',
  {
    runId: ownedBy('run_id', () => importRuns.id).primaryKey(),
    /** When the import committed the run's figures. */
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the run's notices were written (null: still to watch). */
    watchedAt: integer('watched_at', { mode: 'timestamp_ms' }),
    /** How many notices the watch wrote. */
    notices: integer('notices'),
    /** How many times the notices job tried to watch the run (the importing process's own try not counted). */
    attempts: integer('attempts').notNull().default(0),
    /** When the notices job gave the run up, its watch having failed at every attempt (null: not given up). */
    givenUpAt: integer('given_up_at', { mode: 'timestamp_ms' }),
  },
  // The runs still to watch, the least tried first, then the oldest: a range of the index.
  (table) => [index('revision_watches_pending_idx').on(table.watchedAt, table.givenUpAt, table.attempts, table.runId)],
);
