import { GRID_FUEL_ALIASES } from '@db/catalog/fuels';
import { GRID_FUEL_CODES, GRID_REGION_CODES, GRID_RETENTION_DAYS, GRID_SERIES_TYPES, LOWER_48, type GridFuelCode } from '@db/catalog/grid';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
import { loadConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { messages } from '@/server/errors';
import { EiaClient, EiaError, EiaValues, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import type { OutboundOptions } from '@/server/integrations/outbound';
import {
  deleteSampleGrid,
  newestGridRow,
  pruneGridBefore,
  upsertGridFuels,
  upsertGridHours,
  type GridFuelRow,
  type GridHourRow,
} from '@/server/queries/grid';
import { finishImportRun, insertImportRun } from '@/server/queries/import-runs';
import { requestJobRun } from '@/server/queries/jobs';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { importNotes, skippedOf, type ImportFailure, type SkippedValues } from '@/server/services/markets/run-log';
import { contentChanged } from '@/server/content-changes';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { pruneFigureVintagesBefore, recordFigureVintages } from '@/server/queries/figure-revisions';
import { GRID_HOUR_FIGURES, gridFuelFigure, gridHourFigures, hourKey } from '@/lib/figure-keys';

/** The hourly import's name in `scheduled_jobs` (the job itself is in `src/server/jobs/grid-import.ts`). */
export const GRID_IMPORT_JOB = 'grid-import';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far back a first import reaches; later imports read the hours since the newest stored one again, and this much before it (EIA revises and fills late hours). */
const FIRST_DAYS = 7;
const OVERLAP_HOURS = 48;
/** How much older history each run adds until `GRID_RETENTION_DAYS` are stored. */
const BACKFILL_DAYS = 7;
/** The `site_state` key of the oldest hour the import has asked EIA for (ISO). */
const BACKFILL_CURSOR = 'grid_backfill_from';

/** Hourly demand, day-ahead forecast, net generation and total interchange of the 14 respondents. */
export const EIA_GRID_REGION_DATA: Omit<EiaQuery, 'start' | 'end'> = {
  route: 'electricity/rto/region-data',
  frequency: 'hourly',
  data: 'value',
  facets: { respondent: GRID_REGION_CODES, type: Object.keys(GRID_SERIES_TYPES) },
  tiebreak: ['respondent', 'type'],
};

/** Hourly net generation by fuel of the 14 respondents (every fuel EIA reports: see `gridFuelOf`). */
export const EIA_GRID_FUEL_DATA: Omit<EiaQuery, 'start' | 'end'> = {
  route: 'electricity/rto/fuel-type-data',
  frequency: 'hourly',
  data: 'value',
  facets: { respondent: GRID_REGION_CODES },
  tiebreak: ['respondent', 'fueltype'],
};

/** An hour as EIA's hourly queries write it: `2026-01-05T14` (UTC). */
export function eiaHour(time: number): string {
  return new Date(time).toISOString().slice(0, 13);
}

/** The instant of an EIA hourly period (`2026-01-05T14`, UTC), or undefined for anything else. */
export function parseEiaHour(period: unknown): number | undefined {
  if (typeof period !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}$/.test(period)) return undefined;
  const time = Date.parse(`${period}:00:00Z`);
  return Number.isNaN(time) ? undefined : time;
}

const respondents = new Set<string>(GRID_REGION_CODES);
const fuels = new Set<string>(GRID_FUEL_CODES);

/**
 * The grid fuel an EIA-930 `fueltype` code is stored as: a listed fuel as itself (battery
 * storage, geothermal, pumped storage and other storage among them, each apart), a code counted
 * with a listed fuel as that fuel (`GRID_FUEL_ALIASES`: SNB with solar, WNB with wind, UES with
 * other storage, UNK with Other), and any code EIA adds later as Other. Storage is never summed
 * into a generating fuel, so Other is not made negative by batteries that charge.
 */
export function gridFuelOf(code: string): GridFuelCode {
  const listed = fuels.has(code) ? code : GRID_FUEL_ALIASES[code];
  return listed !== undefined && fuels.has(listed) ? (listed as GridFuelCode) : 'OTH';
}
type HourFields = Omit<GridHourRow, 'sample'>;

/** The region rows of an answer, one per respondent and hour; gaps, unknown respondents and types are left out. */
export function gridHoursOf(rows: readonly EiaRow[], values = new EiaValues()): HourFields[] {
  const hours = new Map<string, HourFields>();
  for (const row of rows) {
    const time = parseEiaHour(row['period']);
    const respondent = row['respondent'];
    const field = GRID_SERIES_TYPES[String(row['type']) as keyof typeof GRID_SERIES_TYPES] as keyof HourFields | undefined;
    if (time === undefined || typeof respondent !== 'string' || !respondents.has(respondent) || !field) continue;
    // Gaps and unreadable values of the rows kept are counted for the run log.
    const value = values.read(row['value']);
    if (value === undefined) continue;
    const key = `${respondent}|${time}`;
    const hour = hours.get(key) ?? { respondent, period: new Date(time), demand: null, forecast: null, generation: null, interchange: null };
    (hour as Record<string, unknown>)[field] = value;
    hours.set(key, hour);
  }
  return [...hours.values()];
}

/**
 * The fuel rows of an answer, one per respondent, hour and grid fuel (codes counted together
 * summed, see `gridFuelOf`); gaps are left out (a fuel whose own code is a gap, whatever the
 * codes counted with it say). Other is never negative: an hour whose Other adds
 * up below zero drew power, which on the grid is storage charging that a balancing authority
 * reported under Other (EIA's recorded California hour of 2024-12-15T00 has Other at −2,352 MWh,
 * before CAISO reported its batteries apart), so that draw is stored as Other storage and Other
 * as 0.
 */
export function gridFuelsOf(rows: readonly EiaRow[], read = new EiaValues()): Omit<GridFuelRow, 'sample'>[] {
  const values = new Map<string, Omit<GridFuelRow, 'sample'>>();
  const add = (respondent: string, time: number, fuel: GridFuelCode, value: number) => {
    const key = `${respondent}|${time}|${fuel}`;
    values.set(key, { respondent, period: new Date(time), fuel, value: (values.get(key)?.value ?? 0) + value });
  };
  // A fuel whose own code EIA sends as a gap is a gap that hour, whatever codes counted with it say.
  const gaps = new Set<string>();
  for (const row of rows) {
    const time = parseEiaHour(row['period']);
    const respondent = row['respondent'];
    if (time === undefined || typeof respondent !== 'string' || !respondents.has(respondent)) continue;
    // Gaps and unreadable values of the rows kept are counted for the run log.
    const value = read.read(row['value']);
    const code = typeof row['fueltype'] === 'string' ? row['fueltype'] : '';
    const fuel = gridFuelOf(code);
    if (value === undefined) {
      if (code === fuel) gaps.add(`${respondent}|${time}|${fuel}`);
      continue;
    }
    // Codes counted with the same fuel add up.
    add(respondent, time, fuel, value);
  }
  for (const key of gaps) values.delete(key);
  for (const row of [...values.values()]) {
    if (row.fuel !== 'OTH' || row.value >= 0) continue;
    add(row.respondent, row.period.getTime(), 'OES', row.value);
    row.value = 0;
  }
  return [...values.values()];
}

export interface GridImportSummary {
  /** The run in `import_runs` (kind `grid`) that every vintage this import wrote names. */
  runId: number;
  /** Hours of region figures and of generation by fuel written (new or revised). */
  hours: number;
  fuels: number;
  /** The regions whose figures changed (their pages were purged), by EIA code. */
  regions: string[];
  /** The hours asked for: the new ones, and older history when a backfill ran. */
  from: string;
  to: string;
  backfill: { from: string; to: string } | null;
  /** The queries that failed and were skipped (the others were imported), with EIA's reason. */
  failed: ImportFailure[];
  /** Gaps and unreadable values skipped, per dataset. */
  skipped: SkippedValues[];
  /** What else the run noticed about EIA's answers. */
  notices: string[];
}

/** What a grid import did, in words (the job's run record, the command's output). */
export function gridImportMessage(summary: Omit<GridImportSummary, 'runId' | 'regions'>): string {
  return [messages.gridImported(summary.hours, summary.fuels, summary.from, summary.to, summary.backfill), ...importNotes(summary)].join(' ');
}

/**
 * Imports the newest hours of the grid (and, until two years are stored, a week of older ones)
 * from EIA: every query is fetched first, then one transaction writes them, so a failure
 * anywhere changes nothing. Figures are upserted (EIA revises recent hours), so running it again
 * changes nothing either. The first import replaces the sample week. When hours were written,
 * the data-alert job is asked to run (demand records).
 */
export async function importGridFromEia(
  options: OutboundOptions & { paceMs?: number; pageSize?: number; now?: number; trigger?: 'manual' | 'scheduled' } = {},
): Promise<GridImportSummary> {
  const config = loadConfig();
  if (!config.eiaApiKey) throw new EiaError(messages.eiaKeyMissing);
  const startedAt = new Date();
  const now = options.now ?? Date.now();
  const client = new EiaClient(config.eiaApiUrl, config.eiaApiKey, options);
  const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS;

  const newest = await newestGridRow(LOWER_48);
  const fromEia = newest !== undefined && !newest.sample;
  // Forecast hours run ahead of the clock: read again from before the newest real hour.
  const start = fromEia ? Math.min(newest.period.getTime(), thisHour) - OVERLAP_HOURS * HOUR_MS : thisHour - FIRST_DAYS * DAY_MS;
  const cursor = fromEia ? Date.parse((await getSiteState(BACKFILL_CURSOR)) ?? '') : Number.NaN;
  const oldestWanted = thisHour - GRID_RETENTION_DAYS * DAY_MS;
  const backfillTo = Number.isNaN(cursor) ? undefined : cursor - HOUR_MS;
  const backfill =
    backfillTo !== undefined && backfillTo > oldestWanted
      ? { from: Math.max(oldestWanted, cursor - BACKFILL_DAYS * DAY_MS), to: backfillTo }
      : undefined;

  const windows = [{ start: eiaHour(start) }, ...(backfill ? [{ start: eiaHour(backfill.from), end: eiaHour(backfill.to) }] : [])];
  const regionRows: EiaRow[] = [];
  const fuelRows: EiaRow[] = [];
  // A query that fails on its own (a bad route or facet, an answer that cannot be paged) is
  // skipped and named in the run log, and the others are imported; a rejected key or EIA out of
  // reach ends the run. A failed backfill leaves its cursor, so the next run asks for it again.
  const failed: ImportFailure[] = [];
  const notices: string[] = [];
  let backfillFailed = false;
  for (const [i, window] of windows.entries()) {
    for (const [query, into, name] of [
      [EIA_GRID_REGION_DATA, regionRows, 'Grid region data'],
      [EIA_GRID_FUEL_DATA, fuelRows, 'Grid generation by fuel'],
    ] as const) {
      try {
        into.push(...(await client.fetchAll({ ...query, ...window }, notices)));
      } catch (error) {
        if (!(error instanceof EiaError) || error.concernsEveryQuery) throw error;
        failed.push({ name: `${name} from ${window.start}`, reason: error.message });
        if (i > 0) backfillFailed = true;
      }
    }
  }
  if (failed.length === windows.length * 2) throw new EiaError(failed[0]?.reason ?? messages.importFailed);
  const regionValues = new EiaValues();
  const fuelValuesRead = new EiaValues();
  const hours = gridHoursOf(regionRows, regionValues);
  const fuelValues = gridFuelsOf(fuelRows, fuelValuesRead);
  const skipped = [...skippedOf('Grid region data', regionValues), ...skippedOf('Grid generation by fuel', fuelValuesRead)];

  const before = new Date(thisHour - GRID_RETENTION_DAYS * DAY_MS);
  const asked = {
    from: new Date(start).toISOString(),
    to: new Date(thisHour).toISOString(),
    backfill: backfill ? { from: new Date(backfill.from).toISOString(), to: new Date(backfill.to).toISOString() } : null,
  };
  const written = await writeTransaction(async (tx) => {
    // The run is written down with what it wrote, in the same transaction: a failed run leaves
    // nothing here (the job's row keeps its failure and retries), a committed one is in the log.
    const runId = await insertImportRun(startedAt, options.trigger ?? 'scheduled', tx, 'grid');
    const replacesSample = newest?.sample === true && (hours.length > 0 || fuelValues.length > 0);
    if (replacesSample) await deleteSampleGrid(tx);
    const h = await upsertGridHours(hours, tx);
    const f = await upsertGridFuels(fuelValues, tx);
    // Every figure EIA sent that differs from the latest kept is a vintage (the first one, or a revision), seen by this run.
    const seen = { at: new Date(), runId };
    await recordFigureVintages(FIGURE_DATASETS.grid, hours.flatMap(gridHourFigures), seen, tx);
    await recordFigureVintages(FIGURE_DATASETS.gridFuel, fuelValues.map(gridFuelFigure), seen, tx);
    // Hours past the two years go in the same transaction (their vintages too): a region's record and "since" move with them.
    const pruned: string[] = [];
    for (const code of GRID_REGION_CODES) {
      if ((await pruneGridBefore(code, before, tx)) > 0) pruned.push(code);
      await pruneFigureVintagesBefore(
        FIGURE_DATASETS.grid,
        GRID_HOUR_FIGURES.map((name) => `${code}|${name}`),
        hourKey(before),
        tx,
      );
      await pruneFigureVintagesBefore(
        FIGURE_DATASETS.gridFuel,
        GRID_FUEL_CODES.map((fuel) => `${code}|${fuel}`),
        hourKey(before),
        tx,
      );
    }
    // The backfill walks back from the first import's start, a week a run.
    const oldestAsked = backfill && !backfillFailed ? backfill.from : fromEia ? cursor : start;
    if (!Number.isNaN(oldestAsked)) await setSiteState(BACKFILL_CURSOR, new Date(oldestAsked).toISOString(), tx);
    const changed = replacesSample ? [...GRID_REGION_CODES] : [...new Set([...h, ...f, ...pruned])];
    // New hours may set demand records: readers' data alerts are looked at once this commits.
    if (h.length > 0) await requestJobRun(MAIL_EDITIONS.dataAlerts.job, new Date(now), tx);
    const message = gridImportMessage({ hours: h.length, fuels: f.length, ...asked, failed, skipped, notices });
    const status = failed.length > 0 ? 'partial' : 'succeeded';
    await finishImportRun(runId, { status, rows: h.length + f.length, message, finishedAt: new Date() }, tx);
    return { runId, hours: h.length, fuels: f.length, changed };
  });
  // Exactly the pages (and API answers) of the regions whose figures changed render afresh.
  if (written.changed.length > 0) {
    await contentChanged({ entity: 'grid', id: 0, action: 'updated' }, { kind: 'grid', regions: written.changed.sort() });
  }
  return {
    runId: written.runId,
    hours: written.hours,
    fuels: written.fuels,
    regions: written.changed,
    ...asked,
    failed,
    skipped,
    notices,
  };
}
