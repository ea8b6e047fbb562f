import { eiaSource, GENERATION_FUELS, isEiaSource, US_STATES } from '@/lib/energy';
import type { MarketDataStatus } from '@/lib/wire/markets';
import { loadConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { BadGatewayError, BadRequestError, ConflictError, messages } from '@/server/errors';
import {
  deleteSampleGeneration,
  generationStatus,
  latestEiaGenerationMonth,
  upsertGeneration,
  type GenerationRow,
} from '@/server/queries/generation';
import { getScheduledJob } from '@/server/queries/jobs';
import { findRunningImport, finishImportRun, insertImportRun, listImportRuns } from '@/server/queries/import-runs';
import {
  deleteSeriesObservations,
  ensureSeries,
  latestSeriesPeriod,
  listMarketSeries,
  listSeriesStatus,
  setSeriesSource,
  upsertObservations,
} from '@/server/queries/market';
import { EiaClient, EiaError, eiaNumber, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import type { OutboundOptions } from '@/server/integrations/outbound';
import { contentChanged } from '@/server/services/site/content-changes';
import { sendPriceAlerts } from '@/server/services/newsletter/price-alerts';

/** Where each stored price series comes from in EIA's API v2. */
export const EIA_PRICE_SERIES: Record<string, Omit<EiaQuery, 'start'>> = {
  wti: { route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { series: ['RWTC'] } },
  brent: { route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { series: ['RBRTE'] } },
  'henry-hub': { route: 'natural-gas/pri/fut', frequency: 'daily', data: 'value', facets: { series: ['RNGWHHD'] } },
  gasoline: { route: 'petroleum/pri/gnd', frequency: 'weekly', data: 'value', facets: { series: ['EMM_EPMR_PTE_NUS_DPG'] } },
  electricity: { route: 'electricity/retail-sales', frequency: 'monthly', data: 'price', facets: { stateid: ['US'], sectorid: ['RES'] } },
  // Weekly Petroleum Status Report: commercial crude stocks excluding the SPR, and Cushing, OK.
  'crude-inventories': { route: 'petroleum/stoc/wstk', frequency: 'weekly', data: 'value', facets: { series: ['WCESTUS1'] } },
  'cushing-stocks': { route: 'petroleum/stoc/wstk', frequency: 'weekly', data: 'value', facets: { series: ['W_EPC0_SAX_YCUOK_MBBL'] } },
  // Weekly Natural Gas Storage Report: Lower 48 working gas.
  'gas-storage': { route: 'natural-gas/stor/wkly', frequency: 'weekly', data: 'value', facets: { series: ['NW2_EPG0_SWO_R48_BCF'] } },
  diesel: { route: 'petroleum/pri/gnd', frequency: 'weekly', data: 'value', facets: { series: ['EMD_EPD2D_PTE_NUS_DPG'] } },
};

/** The stored series of US crude oil field production (thousand barrels per day, monthly). */
export const PRODUCTION_SLUG = 'crude-production';

/**
 * Series the import creates when they are missing (a database seeded before they had
 * sample history); seeded sample history of theirs is replaced like the others'.
 */
export const EIA_IMPORTED_SERIES = [
  {
    series: {
      slug: PRODUCTION_SLUG,
      name: 'US Crude Oil Production',
      unit: 'thousand b/d',
      frequency: 'monthly',
      decimals: 0,
      // Not a price: kept out of the market-data list and its cards.
      listed: false,
      sortOrder: 100,
    },
    query: { route: 'petroleum/crd/crpdn', frequency: 'monthly', data: 'value', facets: { series: ['MCRFPUS2'] } },
  },
] as const satisfies readonly {
  series: { slug: string; name: string; unit: string; frequency: EiaQuery['frequency']; decimals: number; listed: boolean; sortOrder: number };
  query: Omit<EiaQuery, 'start'>;
}[];

/** Monthly net generation, all sectors, for the US and every state, by fuel. */
export const EIA_GENERATION: Omit<EiaQuery, 'start'> = {
  route: 'electricity/electric-power-operational-data',
  frequency: 'monthly',
  data: 'generation',
  facets: { location: ['US', ...Object.keys(US_STATES)], sectorid: ['99'], fueltypeid: [...GENERATION_FUELS] },
};

/** The scheduled import's name in `scheduled_jobs` (the job itself is in `src/server/jobs/eia-import.ts`). */
export const EIA_IMPORT_JOB = 'eia-import';

/** How far back a first import reaches (weekly: six years, for the storage report's five-year range), and how much a later one reads again (EIA revises). */
const HISTORY = { daily: 550, weekly: 2200, monthly: 1100 } as const;
const OVERLAP = { daily: 14, weekly: 35, monthly: 100 } as const;
/** An import still "running" after this long is taken to have died. */
const STALE_RUN_MS = 15 * 60_000;

export interface ImportSummary {
  /** Per series: the observations EIA answered, and those written (new or revised). */
  series: { slug: string; name: string; read: number; written: number }[];
  /** Generation figures written (new or revised). */
  generation: number;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** EIA periods as stored: days stay YYYY-MM-DD, months become their first day. */
function toStoredPeriod(period: string, frequency: EiaQuery['frequency']): string | undefined {
  if (frequency === 'monthly') return /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : undefined;
}

/** The first period to ask for: a long history the first time, a short overlap after. */
function startFor(frequency: EiaQuery['frequency'], latestImported: string | undefined, now: number): string {
  const from = latestImported ? Date.parse(latestImported) - OVERLAP[frequency] * DAY_MS : now - HISTORY[frequency] * DAY_MS;
  const day = isoDay(from);
  return frequency === 'monthly' ? day.slice(0, 7) : day;
}

function observationsOf(rows: EiaRow[], query: Omit<EiaQuery, 'start'>): { period: string; value: number }[] {
  const out = new Map<string, number>();
  for (const row of rows) {
    const period = typeof row['period'] === 'string' ? toStoredPeriod(row['period'], query.frequency) : undefined;
    const value = eiaNumber(row[query.data]);
    if (period && value !== undefined) out.set(period, value);
  }
  return [...out].map(([period, value]) => ({ period, value }));
}

/**
 * Imports new EIA observations: every query is fetched first, then everything is
 * written in one transaction, so a failure anywhere changes nothing. Observations are
 * upserted (EIA revises recent values), so running it again changes nothing either. The
 * first import of a series replaces its sample history.
 */
export async function importFromEia(options: OutboundOptions & { paceMs?: number; pageSize?: number; now?: number } = {}): Promise<ImportSummary> {
  const config = loadConfig();
  if (!config.eiaApiKey) throw new EiaError(messages.eiaKeyMissing);
  const now = options.now ?? Date.now();
  const client = new EiaClient(config.eiaApiUrl, config.eiaApiKey, options);

  const series = await listMarketSeries();
  const fetched: {
    id: number;
    slug: string;
    name: string;
    wasSample: boolean;
    source: string;
    rows: { period: string; value: number }[];
    create?: (typeof EIA_IMPORTED_SERIES)[number]['series'];
  }[] = [];
  for (const s of series) {
    const query = EIA_PRICE_SERIES[s.slug];
    if (!query) continue;
    const wasSample = !isEiaSource(s.source);
    const latest = wasSample ? undefined : await latestSeriesPeriod(s.id);
    const rows = await client.fetchAll({ ...query, start: startFor(query.frequency, latest, now) });
    const source = eiaSource(query.route, query.facets);
    fetched.push({ id: s.id, slug: s.slug, name: s.name, wasSample, source, rows: observationsOf(rows, query) });
  }
  for (const { series: wanted, query } of EIA_IMPORTED_SERIES) {
    const stored = series.find((s) => s.slug === wanted.slug);
    const wasSample = stored ? !isEiaSource(stored.source) : false;
    const latest = stored && !wasSample ? await latestSeriesPeriod(stored.id) : undefined;
    const rows = await client.fetchAll({ ...query, start: startFor(query.frequency, latest, now) });
    const source = eiaSource(query.route, query.facets);
    const entry = { id: stored?.id ?? 0, slug: wanted.slug, name: stored?.name ?? wanted.name, wasSample, source, rows: observationsOf(rows, query) };
    fetched.push(stored ? entry : { ...entry, create: wanted });
  }

  const genLatest = await latestEiaGenerationMonth();
  const genRows = await client.fetchAll({
    ...EIA_GENERATION,
    start: startFor('monthly', genLatest ? `${genLatest}-01` : undefined, now),
  });
  const locations = new Set(EIA_GENERATION.facets['location']);
  const fuels = new Set<string>(GENERATION_FUELS);
  const generationValues = new Map<string, GenerationRow>();
  for (const row of genRows) {
    const { period, location, fueltypeid, sectorid } = row;
    const value = eiaNumber(row['generation']);
    if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period) || value === undefined) continue;
    if (typeof location !== 'string' || !locations.has(location) || typeof fueltypeid !== 'string' || !fuels.has(fueltypeid)) continue;
    if (sectorid !== undefined && sectorid !== '99' && sectorid !== 99) continue;
    generationValues.set(`${period}|${location}|${fueltypeid}`, { period, location, fuel: fueltypeid, value, source: 'eia' });
  }

  const written = new Map<string, number>();
  let generationWritten = 0;
  // The project's write queue: one write transaction at a time in this process.
  await writeTransaction(async (tx) => {
    for (const f of fetched) {
      if (f.rows.length === 0) continue;
      const id = f.create ? await ensureSeries({ ...f.create, source: f.source }, tx) : f.id;
      if (f.wasSample) await deleteSeriesObservations(id, tx);
      written.set(f.slug, await upsertObservations(id, f.rows, tx));
      await setSeriesSource(id, f.source, tx);
    }
    const genList = [...generationValues.values()];
    if (genList.length > 0) {
      await deleteSampleGeneration(tx);
      generationWritten += await upsertGeneration(genList, tx);
    }
  });
  return {
    series: fetched.map((f) => ({ slug: f.slug, name: f.name, read: f.rows.length, written: written.get(f.slug) ?? 0 })),
    generation: generationWritten,
  };
}

/** What an import did, in words (the admin's toast, the run log, the command's output). */
export function importMessage(summary: ImportSummary): string {
  return messages.importSucceeded(
    summary.series.filter((s) => s.written > 0),
    summary.generation,
  );
}

/** Everything an import wrote: observations of every series and generation figures. */
export function importedRows(summary: ImportSummary): number {
  return summary.series.reduce((sum, s) => sum + s.written, summary.generation);
}

/**
 * Runs the import, records it in `import_runs` and, when it succeeds, publishes the new
 * figures (`contentChanged`). One import at a time: a second one while another is running
 * (and not stale) is a 409. `trigger` says who started it (the admin and the command, or
 * the schedule).
 */
export async function runEiaImport(
  options: Parameters<typeof importFromEia>[0] = {},
  trigger: 'manual' | 'scheduled' = 'manual',
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; message: string }> {
  const startedAt = new Date();
  if (await findRunningImport(new Date(startedAt.getTime() - STALE_RUN_MS))) throw new ConflictError(messages.importRunning);
  const runId = await insertImportRun(startedAt, trigger);
  const finish = (status: 'succeeded' | 'failed', rows: number, message: string) =>
    finishImportRun(runId, { status, rows, message, finishedAt: new Date() });
  try {
    const summary = await importFromEia(options);
    await finish('succeeded', importedRows(summary), importMessage(summary));
    // Every page showing market data renders afresh, in every process.
    await contentChanged({ entity: 'market-data', id: 0, action: 'updated' });
    // Readers' price alerts on the new figures; a failure here is logged, not the import's (the next import finishes them).
    await sendPriceAlerts().catch((error: unknown) => console.error('Price alerts failed:', error));
    return { ok: true, summary };
  } catch (error) {
    const message = error instanceof EiaError ? messages.importFailedBecause(error.message) : messages.importFailed;
    if (!(error instanceof EiaError)) console.error('EIA import failed:', error);
    await finish('failed', 0, message);
    return { ok: false, message };
  }
}

/** What the admin's Market Data tab shows: each series' source and latest period, generation data, the last runs. */
export async function getMarketDataStatus(): Promise<MarketDataStatus> {
  const config = loadConfig();
  const [series, gen, runs, job] = await Promise.all([listSeriesStatus(), generationStatus(), listImportRuns(), getScheduledJob(EIA_IMPORT_JOB)]);
  const scheduled = Boolean(config.eiaApiKey) && config.eiaSchedule.length > 0;
  return {
    eiaKeySet: Boolean(config.eiaApiKey),
    keyHelp: messages.eiaKeyHelp,
    series: series.map((s) => ({
      slug: s.slug,
      name: s.name,
      frequency: s.frequency,
      fromEia: isEiaSource(s.source),
      latest: s.latest ?? null,
      observations: Number(s.observations),
    })),
    generation: gen,
    runs: runs.map((r) => ({
      id: r.id,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      status: r.status,
      trigger: r.trigger,
      rows: r.rows,
      message: r.message,
    })),
    schedule: {
      times: scheduled ? config.eiaSchedule : [],
      nextRunAt: scheduled && job ? job.nextRunAt.toISOString() : null,
      attempts: job?.attempts ?? 0,
      lastStatus: job?.lastStatus ?? null,
      lastFinishedAt: job?.lastFinishedAt?.toISOString() ?? null,
      lastMessage: job?.lastMessage ?? '',
    },
  };
}

/**
 * The admin's Refresh: imports from EIA (which renders every page afresh). Without a key
 * it is a 400 saying how to get one; a failed import (nothing changed) is a 502 with
 * EIA's reason.
 */
export async function refreshMarketData(): Promise<MarketDataStatus & { message: string }> {
  if (!loadConfig().eiaApiKey) throw new BadRequestError(messages.eiaKeyMissing);
  const result = await runEiaImport();
  if (!result.ok) throw new BadGatewayError(result.message);
  return { ...(await getMarketDataStatus()), message: importMessage(result.summary) };
}
