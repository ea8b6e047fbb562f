// What the data API answers about the live grid (EIA-930) and retail electricity prices by state.
import * as z from '@/lib/validation/zod-mini';
import { GRID_FUEL_CODES, type GridFuelCode } from '@db/catalog/grid';
import { RETAIL_SECTOR_SLUGS, type RetailSectorSlug } from '@db/catalog/states';
import { about, isoDateTime, namedObject } from '@/lib/wire/common';

const megawatthours = (what: string) => about(z.nullable(z.number()), `${what}, megawatthours in the hour (the hour's average megawatts).`);

/** Where a region's or a state's figures come from. */
const dataSource = z.object({
  sample: about(z.boolean(), 'Seeded illustrative figures, not yet replaced by EIA data.'),
  text: about(z.string(), 'The source line to show with the figures.'),
});

/** One hour of a region: EIA's hours are hour-ending, in UTC. */
/** What a revised figure says: the figure EIA first published, the one the latest revision replaced, when, and how often. */
export const figureRevisionSchema = namedObject('FigureRevision', 'A figure EIA revised: what it was and when it changed.', {
  firstValue: about(z.number(), 'The figure EIA first published.'),
  previousValue: about(z.number(), 'The figure the latest revision replaced.'),
  revisedAt: about(isoDateTime, 'When the site’s import first saw the latest revision.'),
  revisions: about(z.int(), 'How many times EIA revised it.'),
});

/** The revised figures of a month or an hour, by where the figure is in it (`prices.residential`, `generation.NG`, `demand`, `fuels.SUN`). */
const revisedFigures = z.optional(
  about(
    z.record(z.string(), figureRevisionSchema),
    'Only the latest figures (no `vintage=first`, no `asOf`), and only where EIA revised one: each revised figure by its place in this object (`prices.residential`, `us.all`, `generation.NG`; `demand`, `fuels.SUN`).',
  ),
);

/** Which figures an answer holds, as the series API says it. */
const vintageOf = {
  vintage: about(
    z.enum(['latest', 'first']),
    '`latest`: the figures as EIA last revised them (as known on `asOf` when given); `first`: as first published.',
  ),
  asOf: z.nullable(about(z.iso.date(), 'The day (US Eastern) the figures are as known at its end, or null for now.')),
};

const gridHourFields = {
  period: about(isoDateTime, 'The end of the hour (EIA’s hours are hour-ending).'),
  demand: megawatthours('Demand'),
  forecast: megawatthours('EIA’s day-ahead demand forecast'),
  generation: megawatthours('Net generation'),
  interchange: megawatthours('Total interchange: positive when the region sent power out'),
};

/** A fuel's part of the hour's net generation. */
export const gridMixEntrySchema = z.object({
  fuel: about(z.enum(GRID_FUEL_CODES as [GridFuelCode, ...GridFuelCode[]]), 'EIA’s fuel code.'),
  label: z.string(),
  value: about(z.number(), 'Net generation, megawatthours in the hour; negative when the fuel drew power (storage charging).'),
  share: about(z.number(), 'Percent of the hour’s net generation (fuels that drew power count as 0).'),
});
export type GridMixEntry = z.output<typeof gridMixEntrySchema>;

/** A grid region (or the Lower 48) now: its latest hour, the fuel mix, today's peak against its record. */
export const gridRegionSchema = namedObject('GridRegion', 'A grid region now: its latest hour, fuel mix, and the day’s peak against its record.', {
  code: about(z.string(), 'EIA’s respondent code: US48, or a region such as TEX.'),
  name: z.string(),
  timeZone: about(z.string(), 'The IANA time zone the region’s hours are said in.'),
  zoneAbbr: about(z.string(), 'The zone as readers say it: ET, CT, MST, PT.'),
  latest: z.nullable(
    z.object({
      ...gridHourFields,
      forecastError: about(z.nullable(z.number()), 'Demand minus the day-ahead forecast, megawatthours.'),
      forecastErrorPercent: about(z.nullable(z.number()), 'The forecast error in percent of the forecast.'),
    }),
  ),
  mix: about(z.array(gridMixEntrySchema), 'Net generation by fuel in the latest hour.'),
  peakToday: z.nullable(
    about(
      z.object({ day: about(z.iso.date(), 'The region’s local day of the latest hour.'), period: isoDateTime, demand: z.number() }),
      'The highest hourly demand of the latest hour’s local day.',
    ),
  ),
  record: z.nullable(
    about(
      z.object({
        period: isoDateTime,
        demand: z.number(),
        since: about(isoDateTime, 'The first stored hour: the record is the highest since then.'),
      }),
      'The highest hourly demand stored.',
    ),
  ),
  stale: about(z.boolean(), 'The latest hour is older than `staleAfterHours`.'),
  staleAfterHours: z.int(),
  source: dataSource,
  page: about(z.string(), 'The region’s page on this site.'),
  api: about(z.string(), 'This API’s address of its hourly history.'),
});
export type GridRegionSummary = z.output<typeof gridRegionSchema>;

/** A region's hours in a range. */
export const gridHistorySchema = namedObject('GridHistory', 'A grid region’s hourly figures in a range, oldest first.', {
  region: gridRegionSchema,
  start: isoDateTime,
  end: isoDateTime,
  hours: z.array(
    z.object({
      ...gridHourFields,
      fuels: about(
        z.object(
          Object.fromEntries(GRID_FUEL_CODES.map((f) => [f, z.nullable(z.number())])) as Record<GridFuelCode, z.ZodMiniNullable<z.ZodMiniNumber>>,
        ),
        'Net generation by fuel, megawatthours in the hour (negative while storage charges); null where EIA has no figure.',
      ),
      revised: revisedFigures,
    }),
  ),
  ...vintageOf,
});
export type GridHistory = z.output<typeof gridHistorySchema>;
export type GridHistoryHour = GridHistory['hours'][number];

/** A price in each retail sector, cents per kilowatthour; null where EIA has none. */
const sectorPrices = z.object(
  Object.fromEntries(RETAIL_SECTOR_SLUGS.map((s) => [s, z.nullable(z.number())])) as Record<RetailSectorSlug, z.ZodMiniNullable<z.ZodMiniNumber>>,
);
export type SectorPrices = z.output<typeof sectorPrices>;

/** A state (or DC) in the latest month: its prices by sector, a year before, and its rank among the 51. */
export const statePricesSchema = namedObject('StatePrices', {
  code: about(z.string(), 'The two-letter postal code.'),
  name: z.string(),
  prices: about(sectorPrices, 'Average retail price by sector, cents per kilowatthour.'),
  yearAgo: about(sectorPrices, 'The same month a year before.'),
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
  us: about(sectorPrices, 'The US average.'),
  stale: about(z.boolean(), 'The latest month is older than EIA’s usual publication lag.'),
  source: dataSource,
  states: z.array(statePricesSchema),
});
export type StatesOverview = z.output<typeof statesOverviewSchema>;

/** A state's monthly history: prices by sector against the US average, and generation by fuel. */
export const stateHistorySchema = namedObject(
  'StateHistory',
  'A state’s monthly retail prices by sector against the US average, and its generation by fuel, oldest first.',
  {
    state: z.object({ code: z.string(), name: z.string() }),
    start: z.nullable(z.string()),
    end: z.nullable(z.string()),
    source: dataSource,
    months: z.array(
      z.object({
        period: about(z.string(), 'The month, YYYY-MM.'),
        prices: about(sectorPrices, 'The state’s average retail price by sector, cents per kilowatthour.'),
        us: about(sectorPrices, 'The US average, cents per kilowatthour.'),
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
export type FigureRevision = z.output<typeof figureRevisionSchema>;
