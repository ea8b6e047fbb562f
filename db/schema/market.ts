import { sql } from 'drizzle-orm';
import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
    seriesId: integer('series_id')
      .notNull()
      .references(() => marketSeries.id, { onDelete: 'cascade' }),
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
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
