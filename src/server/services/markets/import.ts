import { MARKET_SERIES, marketSeriesRow, type MarketSeriesFacts } from '@db/catalog/market-series';
import { eiaSource, GENERATION_FUELS, isEiaSource, US_STATES } from '@/lib/energy';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
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
import { getScheduledJob, requestJobRun } from '@/server/queries/jobs';
import { findRunningImport, finishImportRun, insertImportRun, latestFinishedImportRun, listImportRuns } from '@/server/queries/import-runs';
import {
  deleteSeriesObservations,
  ensureSeries,
  insertValueRevisions,
  latestSeriesPeriod,
  listMarketSeries,
  listSeriesStatus,
  setSeriesSource,
  upsertObservations,
} from '@/server/queries/market';
import { EiaClient, EiaError, EiaValues, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import { deleteSampleRetailPrices, newestRetailPrice, upsertRetailPrices } from '@/server/queries/retail-prices';
import { EIA_RETAIL_PRICES, retailPricesOf } from '@/server/services/states/retail-prices';
import type { OutboundOptions } from '@/server/integrations/outbound';
import { contentChanged } from '@/server/services/site/content-changes';
import { RELEASE_DESK_JOB } from '@/server/services/markets/release-desk';
import { importNotes, skippedOf, type ImportFailure, type SkippedValues } from '@/server/services/markets/run-log';

/** Where a catalog series is read in EIA's API v2: its route, data column and facets, at its cadence. */
export function eiaQueryOf(series: MarketSeriesFacts): Omit<EiaQuery, 'start'> & { frequency: MarketSeriesFacts['frequency'] } {
  return { route: series.eia.route, frequency: series.frequency, data: series.eia.data, facets: series.eia.facets };
}

/** The stored series of US crude oil field production (thousand barrels per day, monthly). */
export const PRODUCTION_SLUG = 'crude-production';

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
  series: { slug: string; name: string; read: number; written: number; samplesRemoved?: boolean }[];
  /** Generation figures written (new or revised). */
  generation: number;
  /** Retail prices by state and sector written (new or revised). */
  retailPrices: number;
  /** What EIA did not answer: each query that failed (its series, generation or retail prices), skipped, with EIA's reason. */
  failed: ImportFailure[];
  /** Values EIA sent without a figure (gaps) or in no form of number (unreadable), per series or dataset, where there were any. */
  skipped: SkippedValues[];
  /** What else the run noticed about EIA's answers (a total that announced more rows than were sent). */
  notices: string[];
}

/** The names a run log gives generation and retail prices. */
const GENERATION_NAME = 'Generation by state and fuel';
const RETAIL_NAME = 'Retail prices by state and sector';

/**
 * Fetches one query of a run. A failure that concerns only this query (a route or series EIA
 * no longer has, a bad parameter, an answer that cannot be paged) is noted in `failed` and
 * answers undefined, so the run goes on without it; one that every query would meet (a rejected
 * key, EIA out of reach) ends the run.
 */
async function fetchOrSkip(
  client: EiaClient,
  query: EiaQuery,
  name: string,
  run: { failed: ImportFailure[]; notices: string[] },
): Promise<EiaRow[] | undefined> {
  try {
    return await client.fetchAll(query, run.notices);
  } catch (error) {
    if (!(error instanceof EiaError) || error.concernsEveryQuery) throw error;
    run.failed.push({ name, reason: error.message });
    return undefined;
  }
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** EIA periods as stored: days stay YYYY-MM-DD, months become their first day. */
function toStoredPeriod(period: string, frequency: MarketSeriesFacts['frequency']): string | undefined {
  if (frequency === 'monthly') return /^\d{4}-\d{2}$/.test(period) ? `${period}-01` : undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(period) ? period : undefined;
}

/** How far back an import reads an outlook again: EIA revises its forecast months (and the last year's estimates) with every issue. */
const OUTLOOK_REREAD_DAYS = 400;

/**
 * The first period to ask for: a long history the first time, a short overlap after. An
 * outlook's latest period is a forecast month, so it is read again from a year before now.
 */
function startFor(frequency: MarketSeriesFacts['frequency'], latestImported: string | undefined, now: number, forecast = false): string {
  const reread = forecast ? now - OUTLOOK_REREAD_DAYS * DAY_MS : Number.POSITIVE_INFINITY;
  const from = latestImported ? Math.min(Date.parse(latestImported) - OVERLAP[frequency] * DAY_MS, reread) : now - HISTORY[frequency] * DAY_MS;
  const day = isoDay(from);
  return frequency === 'monthly' ? day.slice(0, 7) : day;
}

/** The observations of a series' answer, one per period; its values' gaps and unreadable ones are counted in `values`. */
export function observationsOf(
  rows: readonly EiaRow[],
  query: Pick<EiaQuery, 'data'> & { frequency: MarketSeriesFacts['frequency'] },
  values = new EiaValues(),
): { period: string; value: number }[] {
  const out = new Map<string, number>();
  for (const row of rows) {
    const period = typeof row['period'] === 'string' ? toStoredPeriod(row['period'], query.frequency) : undefined;
    const value = values.read(row[query.data]);
    if (period && value !== undefined) out.set(period, value);
  }
  return [...out].map(([period, value]) => ({ period, value }));
}

/**
 * The generation figures of an answer, one per month, location and fuel: all sectors (99) of
 * the locations and fuels asked for; other rows are left out, and the values of those kept that
 * are not figures are counted in `values`.
 */
export function generationOf(rows: readonly EiaRow[], values = new EiaValues()): GenerationRow[] {
  const locations = new Set(EIA_GENERATION.facets['location']);
  const fuels = new Set<string>(GENERATION_FUELS);
  const generationValues = new Map<string, GenerationRow>();
  for (const row of rows) {
    const { period, location, fueltypeid, sectorid } = row;
    if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period)) continue;
    if (typeof location !== 'string' || !locations.has(location) || typeof fueltypeid !== 'string' || !fuels.has(fueltypeid)) continue;
    if (sectorid !== undefined && sectorid !== '99' && sectorid !== 99) continue;
    const value = values.read(row['generation']);
    if (value === undefined) continue;
    generationValues.set(`${period}|${location}|${fueltypeid}`, { period, location, fuel: fueltypeid, value, source: 'eia' });
  }
  return [...generationValues.values()];
}

/**
 * Imports new EIA observations: every query is fetched first, then everything is
 * written in one transaction, so a failure anywhere changes nothing. Observations are
 * upserted (EIA revises recent values), each new or revised figure kept as a vintage seen
 * by `runId`, so running it again changes nothing either. The first import of a series
 * removes its sample history, replaced by EIA's figures or by none (a series EIA stopped
 * before the history reaches); a series EIA stopped is read up to its end and no more once
 * its figures reach it.
 */
export async function importFromEia(
  options: OutboundOptions & { paceMs?: number; pageSize?: number; now?: number; runId?: number } = {},
): Promise<ImportSummary> {
  const config = loadConfig();
  if (!config.eiaApiKey) throw new EiaError(messages.eiaKeyMissing);
  const now = options.now ?? Date.now();
  const client = new EiaClient(config.eiaApiUrl, config.eiaApiKey, options);

  // Every series of the catalog: a stored one gains what is new (its sample history replaced
  // the first time), a missing one (an install seeded before it joined the catalog) is created.
  // A query that fails on its own is skipped and named in the run log; the others go on.
  const run = { failed: [] as ImportFailure[], notices: [] as string[] };
  const skipped: SkippedValues[] = [];
  let queries = 0;
  const stored = await listMarketSeries();
  const fetched: {
    id: number | undefined;
    facts: MarketSeriesFacts;
    name: string;
    wasSample: boolean;
    source: string;
    rows: { period: string; value: number }[];
  }[] = [];
  for (const facts of MARKET_SERIES as readonly MarketSeriesFacts[]) {
    const row = stored.find((s) => s.slug === facts.slug);
    const wasSample = row ? !isEiaSource(row.source) : false;
    const latest = row && !wasSample ? await latestSeriesPeriod(row.id) : undefined;
    const query = eiaQueryOf(facts);
    const name = row?.name ?? facts.name;
    // A series EIA stopped is read up to its last day, once: its history ends there.
    const end = facts.ended?.on;
    const ended = end !== undefined && latest !== undefined && latest >= end;
    if (!ended) queries++;
    const rows = ended
      ? []
      : await fetchOrSkip(
          client,
          {
            ...query,
            start: startFor(query.frequency, latest, end ? Math.min(now, Date.parse(`${end}T00:00:00Z`)) : now, facts.outlook?.kind === 'forecast'),
            ...(end ? { end: query.frequency === 'monthly' ? end.slice(0, 7) : end } : {}),
          },
          name,
          run,
        );
    if (!rows) continue;
    const values = new EiaValues();
    fetched.push({
      id: row?.id,
      facts,
      name,
      wasSample,
      source: eiaSource(query.route, query.facets),
      rows: observationsOf(rows, query, values),
    });
    skipped.push(...skippedOf(name, values));
  }

  const genLatest = await latestEiaGenerationMonth();
  queries++;
  const genRows = await fetchOrSkip(
    client,
    { ...EIA_GENERATION, start: startFor('monthly', genLatest ? `${genLatest}-01` : undefined, now) },
    GENERATION_NAME,
    run,
  );
  const genValues = new EiaValues();
  const genList = genRows ? generationOf(genRows, genValues) : [];
  skipped.push(...skippedOf(GENERATION_NAME, genValues));

  // Retail prices by state and sector, monthly, as generation: a long history the first time.
  const retailNewest = await newestRetailPrice('US', 'ALL');
  const retailFromEia = retailNewest !== undefined && !retailNewest.sample;
  queries++;
  const retailAnswer = await fetchOrSkip(
    client,
    { ...EIA_RETAIL_PRICES, start: startFor('monthly', retailFromEia ? `${retailNewest.period}-01` : undefined, now) },
    RETAIL_NAME,
    run,
  );
  const retailValues = new EiaValues();
  const retailRows = retailAnswer ? retailPricesOf(retailAnswer, retailValues) : [];
  skipped.push(...skippedOf(RETAIL_NAME, retailValues));
  // Nothing answered at all: the run failed (with the first reason), rather than succeeding with nothing.
  if (run.failed.length === queries) throw new EiaError(run.failed[0]?.reason ?? messages.importFailed);

  const written = new Map<string, number>();
  const samplesRemoved = new Set<string>();
  let generationWritten = 0;
  let retailWritten = 0;
  // The project's write queue: one write transaction at a time in this process.
  await writeTransaction(async (tx) => {
    // Each figure written (a new period, or EIA's revision of a stored one) is kept as a vintage
    // seen by this run; sample rows are deleted first, so a real figure replacing one is a first one.
    const seen = { at: new Date(), runId: options.runId ?? null };
    for (const f of fetched) {
      // With a key a sample is never shown as current: it goes even when EIA sent nothing for the series (one it stopped).
      if (f.wasSample && f.id !== undefined) {
        await deleteSeriesObservations(f.id, tx);
        samplesRemoved.add(f.facts.slug);
      }
      if (f.rows.length === 0) continue;
      const id = f.id ?? (await ensureSeries(marketSeriesRow(f.facts, f.source), tx));
      const changed = await upsertObservations(id, f.rows, tx);
      await insertValueRevisions(id, changed, seen, tx);
      written.set(f.facts.slug, changed.length);
      await setSeriesSource(id, f.source, tx);
    }
    if (genList.length > 0) {
      await deleteSampleGeneration(tx);
      generationWritten += await upsertGeneration(genList, tx);
    }
    if (retailRows.length > 0) {
      if (!retailFromEia) await deleteSampleRetailPrices(tx);
      retailWritten = await upsertRetailPrices(retailRows, tx);
    }
  });
  return {
    series: fetched.map((f) => ({
      slug: f.facts.slug,
      name: f.name,
      read: f.rows.length,
      written: written.get(f.facts.slug) ?? 0,
      ...(samplesRemoved.has(f.facts.slug) && { samplesRemoved: true }),
    })),
    generation: generationWritten,
    retailPrices: retailWritten,
    failed: run.failed,
    skipped,
    notices: run.notices,
  };
}

/** What an import did, in words (the admin's toast, the run log, the command's output). */
export function importMessage(summary: ImportSummary): string {
  const imported = messages.importSucceeded(
    summary.series.filter((s) => s.written > 0),
    summary.generation,
    summary.retailPrices,
  );
  return [imported, ...importNotes(summary)].join(' ');
}

/** Everything an import wrote: observations of every series and generation figures. */
export function importedRows(summary: ImportSummary): number {
  return summary.series.reduce((sum, s) => sum + s.written, summary.generation + summary.retailPrices);
}

/**
 * What a failed import says, as the one error every caller passes on (the admin's Refresh
 * answers it as a 502, the schedule's runner retries on it, the command prints it): EIA's
 * reason, or that it failed unexpectedly (logged); either way nothing was changed.
 */
function importFailure(error: unknown): BadGatewayError {
  if (error instanceof EiaError) return new BadGatewayError(messages.importFailedBecause(error.message));
  console.error('EIA import failed:', error);
  return new BadGatewayError(messages.importFailed);
}

/**
 * Runs the import and writes the run down in `import_runs`, the one log of imports (the admin's
 * Refresh and the command as manual runs, the daily schedule as scheduled ones). When it
 * succeeds, every page showing market data renders afresh and the price-alert and data-alert
 * jobs are asked to run; when it fails, it throws a BadGatewayError with the reason. One import at a time: a
 * second one while another is running (and not stale) is a 409.
 */
export async function runEiaImport(
  options: Parameters<typeof importFromEia>[0] = {},
  trigger: 'manual' | 'scheduled' = 'manual',
): Promise<ImportSummary> {
  const startedAt = new Date();
  if (await findRunningImport(new Date(startedAt.getTime() - STALE_RUN_MS))) throw new ConflictError(messages.importRunning);
  const runId = await insertImportRun(startedAt, trigger);
  let summary: ImportSummary;
  try {
    summary = await importFromEia({ ...options, runId });
  } catch (error) {
    const failure = importFailure(error);
    await finishImportRun(runId, { status: 'failed', rows: 0, message: failure.message, finishedAt: new Date() });
    throw failure;
  }
  await writeTransaction(async (tx) => {
    const finishedAt = new Date();
    // A run that skipped a failing query is partial: the run log names what failed and why.
    const status = summary.failed.length > 0 ? 'partial' : 'succeeded';
    await finishImportRun(runId, { status, rows: importedRows(summary), message: importMessage(summary), finishedAt }, tx);
    // Readers' price alerts on the new figures go out as a job, like every other mailing.
    if (importedRows(summary) > 0) {
      await requestJobRun(MAIL_EDITIONS.alerts.job, finishedAt, tx);
      await requestJobRun(MAIL_EDITIONS.dataAlerts.job, finishedAt, tx);
      // A new weekly release or outlook: the release desk drafts its brief.
      await requestJobRun(RELEASE_DESK_JOB, finishedAt, tx);
    }
  });
  // The states' pages show retail prices and generation by state: purged only when those changed.
  const statesChanged = summary.generation + summary.retailPrices > 0;
  // Pages showing one series (stories citing it) render again only when that series changed.
  const seriesWritten = summary.series.filter((s) => s.written > 0 || s.samplesRemoved).map((s) => s.slug);
  await contentChanged({ entity: 'market-data', id: 0, action: 'updated' }, [
    { kind: 'market', series: seriesWritten },
    ...(statesChanged ? [{ kind: 'states' } as const] : []),
  ]);
  return summary;
}

/** What the admin's Market Data tab shows: each series' source and latest period, generation data, the last runs. */
export async function getMarketDataStatus(): Promise<MarketDataStatus> {
  const config = loadConfig();
  const [series, gen, runs, job, lastScheduled] = await Promise.all([
    listSeriesStatus(),
    generationStatus(),
    listImportRuns(),
    getScheduledJob(EIA_IMPORT_JOB),
    latestFinishedImportRun('scheduled'),
  ]);
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
      // The last scheduled run, from the run log (the job's row keeps only its schedule).
      lastStatus:
        lastScheduled?.status === 'failed' || lastScheduled?.status === 'partial' ? lastScheduled.status : lastScheduled ? 'succeeded' : null,
      lastFinishedAt: lastScheduled?.finishedAt?.toISOString() ?? null,
      lastMessage: lastScheduled?.message ?? '',
    },
  };
}

/**
 * The admin's Refresh: imports from EIA (which renders every page afresh). Without a key
 * it is a 400 saying how to get one; a failed import (nothing changed) throws its 502 with
 * EIA's reason.
 */
export async function refreshMarketData(): Promise<MarketDataStatus & { message: string }> {
  if (!loadConfig().eiaApiKey) throw new BadRequestError(messages.eiaKeyMissing);
  const summary = await runEiaImport();
  return { ...(await getMarketDataStatus()), message: importMessage(summary) };
}
