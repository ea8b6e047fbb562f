import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One hour of a grid region (EIA-930 `electricity/rto/region-data`), in megawatthours: the
 * hour's demand, EIA's day-ahead demand forecast, net generation and total interchange
 * (positive: the region sent power out). `period` is the hour's end (EIA's hours are hour-ending,
 * in UTC). A forecast may arrive before its hour's demand, so every figure may be missing.
 * Kept `GRID_RETENTION_DAYS` (db/catalog/grid.ts); about 14 × 24 × 760 ≈ 255,000 rows.
 *
 * Read by the primary key (a region's hours in a range, its latest hour, pruning per region)
 * and by `(respondent, demand)` (a region's record: the highest demand is the index's last entry).
 */
export const gridHourly = sqliteTable(
  'grid_hourly',
  {
    /** EIA's respondent code: `US48` or a region (`TEX`). */
    respondent: text('respondent').notNull(),
    period: integer('period', { mode: 'timestamp_ms' }).notNull(),
    demand: real('demand'),
    forecast: real('forecast'),
    generation: real('generation'),
    interchange: real('interchange'),
    /** The seeded illustrative week, not EIA figures. */
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.respondent, t.period] }), index('grid_hourly_record_idx').on(t.respondent, t.demand)],
);

/**
 * One hour of a region's net generation by fuel (EIA-930 `electricity/rto/fuel-type-data`), in
 * megawatthours, negative while storage charges; codes EIA reports beyond `GRID_FUELS` are
 * counted as `gridFuelOf` (src/server/services/grid/import.ts) says. About 14 × 10 ×
 * 24 × 760 ≈ 2 M rows, every read a range of the primary key.
 */
export const gridFuelHourly = sqliteTable(
  'grid_fuel_hourly',
  {
    respondent: text('respondent').notNull(),
    period: integer('period', { mode: 'timestamp_ms' }).notNull(),
    /** EIA's `fueltype` code, one of `GRID_FUELS` (db/catalog/fuels.ts): NUC, COL, NG, OIL, WAT, GEO, WND, SUN, BAT, PS, OES, OTH. */
    fuel: text('fuel').notNull(),
    value: real('value').notNull(),
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.respondent, t.period, t.fuel] })],
);

/**
 * The average retail price of electricity by state and sector and month (EIA
 * `electricity/retail-sales`), in cents per kilowatthour; `state` is a postal code or `US`.
 * A state's history is a range of the primary key; every state's price of one sector and month
 * (the map) is a range of `(sector, period)`.
 */
export const retailPrices = sqliteTable(
  'retail_prices',
  {
    state: text('state').notNull(),
    /** EIA's `sectorid`: RES, COM, IND or ALL. */
    sector: text('sector').notNull(),
    /** Month, YYYY-MM. */
    period: text('period').notNull(),
    price: real('price').notNull(),
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.state, t.sector, t.period] }), index('retail_prices_sector_period_idx').on(t.sector, t.period, t.state)],
);

/**
 * Retail sales of electricity by state and sector and month (EIA `electricity/retail-sales`,
 * data column `sales`), in million kilowatthours; `state` is a postal code or `US`. Read as the
 * prices are: a state's history is a range of the primary key.
 */
export const retailSales = sqliteTable(
  'retail_sales',
  {
    state: text('state').notNull(),
    /** EIA's `sectorid`: RES, COM, IND or ALL. */
    sector: text('sector').notNull(),
    /** Month, YYYY-MM. */
    period: text('period').notNull(),
    value: real('value').notNull(),
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.state, t.sector, t.period] })],
);
