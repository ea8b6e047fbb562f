import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { FIGURE_DATASET_NAMES, FIGURE_DATASETS } from '../catalog/figures.ts';
import { ownedBy, timestampNow } from './columns.ts';

/**
 * A market time series (a benchmark price, a generation figure). The public market-data
 * items are derived from each series' two latest observations.
 */
export const marketSeries = sqliteTable('market_series', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Display unit, e.g. "$/bbl", "$/MMBtu", "¢/kWh". */
  unit: text('unit').notNull(),
  frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
  /** Where the observations come from: "seed" or an EIA series route. */
  source: text('source').notNull(),
  /** Decimal places shown. */
  decimals: integer('decimals').notNull().default(2),
  /** Whether the series appears in the public market-data list. */
  listed: integer('listed', { mode: 'boolean' }).notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One observation of a series; `period` is an ISO date (YYYY-MM-DD). */
export const marketObservations = sqliteTable(
  'market_observations',
  {
    seriesId: ownedBy('series_id', () => marketSeries.id),
    period: text('period').notNull(),
    value: real('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seriesId, table.period] })],
);

/** The US electricity generation mix by source, in percent. */
export const energyMix = sqliteTable('energy_mix', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  source: text('source').notNull().unique(),
  percentage: real('percentage').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestampNow('updated_at'),
});

/**
 * Monthly electricity generation (EIA electric-power-operational-data, all sectors), in
 * thousand MWh (GWh), by location (`US` or a state code) and EIA fuel type id.
 */
export const generation = sqliteTable(
  'generation',
  {
    /** Month, YYYY-MM. */
    period: text('period').notNull(),
    location: text('location').notNull(),
    /** EIA fueltypeid: ALL, COW, NG, NUC, HYC, WND, SUN. */
    fuel: text('fuel').notNull(),
    value: real('value').notNull(),
    /** "seed" (sample data) or "eia". */
    source: text('source').notNull(),
  },
  (table) => [primaryKey({ columns: [table.period, table.location, table.fuel] })],
);

/** One run of an EIA import (the daily one or the grid's hourly one), kept so the admin sees what happened and when, and so every vintage names the run that saw it. Read newest first and by start time, through the index on (`kind`, `started_at`). */
export const importRuns = sqliteTable(
  'import_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** `partial`: some queries failed and were skipped (the message names them and why); the rest was imported. */
    status: text('status', { enum: ['running', 'succeeded', 'partial', 'failed'] }).notNull(),
    /**
     * Which import: the daily EIA import of the market series and state figures (`eia`), or the
     * hourly grid import (`grid`). Each has its own log, one at a time; every vintage either writes
     * (`figure_revisions`) names its run.
     */
    kind: text('kind', { enum: ['eia', 'grid'] })
      .notNull()
      .default('eia'),
    /** Who started it: the admin's Refresh or `npm run import:eia` / `import:grid` (manual), or the schedule. */
    trigger: text('trigger', { enum: ['manual', 'scheduled'] })
      .notNull()
      .default('manual'),
    /** Observations written (inserted or revised). */
    rows: integer('rows').notNull().default(0),
    message: text('message').notNull().default(''),
  },
  // One kind's runs, newest first or by start time: a range of the index.
  (table) => [index('import_runs_kind_started_idx').on(table.kind, table.startedAt)],
);

/**
 * Every figure EIA published, as the imports saw it: one table for every kind of figure (market
 * series, state generation, retail prices, grid hours by region and by fuel; `FIGURE_DATASETS`).
 * The first published figure of a period and each later different one (a revision, marked
 * `revised`), with when and by which import run it was seen; the latest vintage is the value in
 * the figure's own table (`market_observations`, `generation`…), which pages read; seeded sample
 * rows have no vintages. Keyed (dataset, figure, period, seen_at), so one range of the key answers
 * a figure's latest vintage, its figures as first published or as known at a time and whether a
 * period was revised after a time; the run index answers what one run saw, the partial index a
 * figure's revisions a page at a time. Grid vintages are pruned with the grid's hours.
 */
export const figureRevisions = sqliteTable(
  'figure_revisions',
  {
    /** Which kind of figure (`FIGURE_DATASETS`, db/catalog/figures.ts). */
    dataset: text('dataset', { enum: FIGURE_DATASET_NAMES }).notNull(),
    /** Which figure of the dataset (see `FIGURE_DATASETS`). */
    figure: text('figure').notNull(),
    /** The figure's period as its table keeps it: a day `YYYY-MM-DD` (series), a month `YYYY-MM`, or an hour's end in EIA's form `YYYY-MM-DDTHH` (UTC). */
    period: text('period').notNull(),
    /** When an import first saw this figure; 0 for one stored before vintages were kept (its run is null). */
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
    value: real('value').notNull(),
    /** The import run that saw it; null for a figure stored before vintages were kept. */
    runId: integer('run_id').references(() => importRuns.id, { onDelete: 'set null' }),
    /** Whether this figure replaced an earlier one of its period (a revision); false for a first published figure. */
    revised: integer('revised', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.dataset, table.figure, table.period, table.seenAt] }),
    // What one import run saw, by dataset, figure and period: a range of this index.
    index('figure_revisions_run_idx').on(table.runId, table.dataset, table.figure, table.period),
    // A figure's revisions, newest first, a page at a time from a cursor: a range of this index, whatever its first published figures.
    index('figure_revisions_revised_idx')
      .on(table.dataset, table.figure, table.period, table.seenAt)
      .where(sql`${table.revised} = 1`),
    // Whether market series gained a figure since a time (the release desk's new outlook): a
    // range of this index from the time per series, nothing read when none came since.
    // (A literal, not a bound value, in the index and in the statements that use it: SQLite takes
    // a partial index only for a statement whose own WHERE states its condition.)
    index('figure_revisions_market_seen_idx')
      .on(table.figure, table.seenAt)
      .where(sql`${table.dataset} = ${sql.raw(`'${FIGURE_DATASETS.market}'`)}`),
  ],
);
