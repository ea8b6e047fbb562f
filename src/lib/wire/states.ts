// What the data API answers about the states: retail electricity prices and sales by sector and
// net generation by fuel, monthly (db/catalog/states.ts).
import * as z from '@/lib/validation/zod-mini';
import { RETAIL_SECTOR_SLUGS, type RetailSectorSlug } from '@db/catalog/states';
import { about, namedObject } from '@/lib/wire/common';
import { dataSource, revisedFigures, vintageOf } from '@/lib/wire/data-desk';

/** A figure of each retail sector (a price, the sales); null where EIA has none. */
const sectorFigures = z.object(
  Object.fromEntries(RETAIL_SECTOR_SLUGS.map((s) => [s, z.nullable(z.number())])) as Record<RetailSectorSlug, z.ZodMiniNullable<z.ZodMiniNumber>>,
);
export type SectorFigures = z.output<typeof sectorFigures>;
/** A price in each retail sector, cents per kilowatthour. */
export type SectorPrices = SectorFigures;

/** A state (or DC) in the latest month: its prices by sector, a year before, and its rank among the 51. */
export const statePricesSchema = namedObject('StatePrices', {
  code: about(z.string(), 'The two-letter postal code.'),
  name: z.string(),
  prices: about(sectorFigures, 'Average retail price by sector, cents per kilowatthour.'),
  yearAgo: about(sectorFigures, 'The same month a year before.'),
  rank: about(
    z.object(
      Object.fromEntries(RETAIL_SECTOR_SLUGS.map((s) => [s, z.nullable(z.int())])) as Record<RetailSectorSlug, z.ZodMiniNullable<z.ZodMiniInt>>,
    ),
    'Rank among the 50 states and DC, 1 the most expensive.',
  ),
  page: z.string(),
  api: z.string(),
});
export type StatePrices = z.output<typeof statePricesSchema>;

/** Every state's prices of the latest month. */
export const statesOverviewSchema = namedObject('StatesOverview', 'Average retail electricity prices of every state and DC in the latest month.', {
  month: about(z.string(), 'The latest month, YYYY-MM.'),
  unit: z.literal('¢/kWh'),
  us: about(sectorFigures, 'The US average.'),
  stale: about(z.boolean(), 'The latest month is older than EIA’s usual publication lag.'),
  source: dataSource,
  states: z.array(statePricesSchema),
});
export type StatesOverview = z.output<typeof statesOverviewSchema>;

/** A state's monthly history: prices by sector against the US average, sales by sector, and generation by fuel. */
export const stateHistorySchema = namedObject(
  'StateHistory',
  'A state’s monthly retail prices by sector against the US average, its retail sales by sector, and its generation by fuel, oldest first.',
  {
    state: z.object({ code: z.string(), name: z.string() }),
    start: z.nullable(z.string()),
    end: z.nullable(z.string()),
    source: dataSource,
    months: z.array(
      z.object({
        period: about(z.string(), 'The month, YYYY-MM.'),
        prices: about(sectorFigures, 'The state’s average retail price by sector, cents per kilowatthour.'),
        us: about(sectorFigures, 'The US average, cents per kilowatthour.'),
        sales: about(sectorFigures, 'The state’s retail sales of electricity by sector, million kilowatthours.'),
        generation: about(
          z.record(z.string(), z.number()),
          'Net generation of all sectors by EIA fuel id (ALL is every fuel), thousand megawatthours; absent where none is stored.',
        ),
        revised: revisedFigures,
      }),
    ),
    ...vintageOf,
  },
);
export type StateHistory = z.output<typeof stateHistorySchema>;
