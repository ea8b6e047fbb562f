// What the data API answers about the live grid (EIA-930). (A state's figures: wire/states.ts.)
import * as z from '@/lib/validation/zod-mini';
import { GRID_FUEL_CODES, type GridFuelCode } from '@db/catalog/grid';
import { about, isoDateTime, namedObject } from '@/lib/wire/common';
import { dataSource, revisedFigures, vintageOf } from '@/lib/wire/data-desk';

const megawatthours = (what: string) => about(z.nullable(z.number()), `${what}, megawatthours in the hour (the hour's average megawatts).`);

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
