// An EIA import: what it reads (each catalog series, generation, retail prices and sales by state, from
// where the last import left off), and storing it in one transaction with the revisions it
// brings. Running it as a logged run, and the admin's Market Data desk, is import-runs.ts.
import { MARKET_SERIES, marketSeriesRow, type MarketSeriesFacts } from '@db/catalog/market-series';
import { stateMetric } from '@db/catalog/states';
import { eiaSource, GENERATION_FUELS, isEiaSource, US_STATES } from '@/lib/energy';
import { loadConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { recordRevisionWatch } from '@/server/services/articles/revision-watch';
import { messages } from '@/server/errors';
import { deleteSampleGeneration, latestEiaGenerationMonth, upsertGeneration, type GenerationRow } from '@/server/queries/generation';
import {
  deleteSeriesObservations,
  ensureSeries,
  insertValueRevisions,
  latestSeriesPeriod,
  listMarketSeries,
  setSeriesSource,
  upsertObservations,
} from '@/server/queries/market';
import { EiaClient, EiaError, EiaValues, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import { deleteSampleRetailPrices, newestRetailPrice, upsertRetailPrices } from '@/server/queries/retail-prices';
import { deleteSampleRetailSales, newestRetailSales, upsertRetailSales } from '@/server/queries/retail-sales';
import { EIA_RETAIL, retailPricesOf, retailSalesOf } from '@/server/services/states/retail-prices';
import type { OutboundOptions } from '@/server/integrations/outbound';
import { skippedOf, type ImportFailure, type SkippedValues } from '@/server/services/markets/run-log';
import { FIGURE_DATASETS } from '@db/catalog/figures';
import { recordFigureVintages } from '@/server/queries/figure-revisions';
import { generationFigure, retailFigure, retailSalesFigure } from '@/lib/figure-keys';

/** Where a catalog series is read in EIA's API v2: its route, data column and facets, at its cadence. */
export function eiaQueryOf(series: MarketSeriesFacts): Omit<EiaQuery, 'start'> & { data: string; frequency: MarketSeriesFacts['frequency'] } {
  return { route: series.eia.route, frequency: series.frequency, data: series.eia.data, facets: series.eia.facets };
}

/** The stored series of US crude oil field production (thousand barrels per day, monthly). */
export const PRODUCTION_SLUG = 'crude-production';

/** Monthly net generation, all sectors, for the US and every state, by fuel. */
export const EIA_GENERATION: Omit<EiaQuery, 'start'> = {
  route: stateMetric('generation').eia.route,
  frequency: 'monthly',
  data: stateMetric('generation').eia.data,
  facets: { location: ['US', ...Object.keys(US_STATES)], sectorid: ['99'], fueltypeid: [...GENERATION_FUELS] },
};

/** The scheduled import's name in `scheduled_jobs` (the job itself is in `src/server/jobs/eia-import.ts`). */
export const EIA_IMPORT_JOB = 'eia-import';

/** How far back a first import reaches (weekly: six years, for the storage report's five-year range), and how much a later one reads again (EIA revises). */
const HISTORY = { daily: 550, weekly: 2200, monthly: 1100 } as const;
const OVERLAP = { daily: 14, weekly: 35, monthly: 100 } as const;

export interface ImportSummary {
  /** Per series: the observations EIA answered, and those written (new or revised). */
  series: { slug: string; name: string; read: number; written: number; samplesRemoved?: boolean }[];
  /** Generation figures written (new or revised). */
  generation: number;
  /** Retail prices by state and sector written (new or revised). */
  retailPrices: number;
  /** Retail sales by state and sector written (new or revised). */
  retailSales: number;
  /** What EIA did not answer: each query that failed (its series, generation or the retail figures), skipped, with EIA's reason. */
  failed: ImportFailure[];
  /** Values EIA sent without a figure (gaps) or in no form of number (unreadable), per series or dataset, where there were any. */
  skipped: SkippedValues[];
  /** What else the run noticed about EIA's answers (a total that announced more rows than were sent). */
  notices: string[];
}

/** The names a run log gives generation, the retail figures' query and each of its columns' gaps. */
const GENERATION_NAME = 'Generation by state and fuel';
const RETAIL_NAME = 'Retail prices by state and sector';
const RETAIL_SALES_NAME = 'Retail sales by state and sector';

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
  query: { data: string; frequency: MarketSeriesFacts['frequency'] },
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

  // Retail prices and sales by state and sector, monthly, as generation, in one query (two data
  // columns of the same rows): a long history the first time either is read from EIA.
  const retailNewest = await newestRetailPrice('US', 'ALL');
  const retailFromEia = retailNewest !== undefined && !retailNewest.sample;
  const salesNewest = await newestRetailSales('US', 'ALL');
  const salesFromEia = salesNewest !== undefined && !salesNewest.sample;
  const pricesStart = startFor('monthly', retailFromEia ? `${retailNewest.period}-01` : undefined, now);
  const salesStart = startFor('monthly', salesFromEia ? `${salesNewest.period}-01` : undefined, now);
  queries++;
  const retailAnswer = await fetchOrSkip(client, { ...EIA_RETAIL, start: salesStart < pricesStart ? salesStart : pricesStart }, RETAIL_NAME, run);
  const retailValues = new EiaValues();
  const salesValues = new EiaValues();
  const retailRows = retailAnswer ? retailPricesOf(retailAnswer, retailValues) : [];
  const salesRows = retailAnswer ? retailSalesOf(retailAnswer, salesValues) : [];
  skipped.push(...skippedOf(RETAIL_NAME, retailValues), ...skippedOf(RETAIL_SALES_NAME, salesValues));
  // Nothing answered at all: the run failed (with the first reason), rather than succeeding with nothing.
  if (run.failed.length === queries) throw new EiaError(run.failed[0]?.reason ?? messages.importFailed);

  const written = new Map<string, number>();
  const samplesRemoved = new Set<string>();
  let generationWritten = 0;
  let retailWritten = 0;
  let salesWritten = 0;
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
    // State figures keep their vintages the same way: each one EIA sent that differs from the latest kept.
    if (genList.length > 0) {
      await deleteSampleGeneration(tx);
      generationWritten += await upsertGeneration(genList, tx);
      await recordFigureVintages(FIGURE_DATASETS.generation, genList.map(generationFigure), seen, tx);
    }
    if (retailRows.length > 0) {
      if (!retailFromEia) await deleteSampleRetailPrices(tx);
      retailWritten = await upsertRetailPrices(retailRows, tx);
      await recordFigureVintages(FIGURE_DATASETS.retail, retailRows.map(retailFigure), seen, tx);
    }
    if (salesRows.length > 0) {
      if (!salesFromEia) await deleteSampleRetailSales(tx);
      salesWritten = await upsertRetailSales(salesRows, tx);
      await recordFigureVintages(FIGURE_DATASETS.retailSales, salesRows.map(retailSalesFigure), seen, tx);
    }
    // The revision watch of this run's market figures, recorded in the same commit: a crash before it runs loses nothing.
    if (options.runId !== undefined && [...written.values()].some((n) => n > 0)) await recordRevisionWatch(options.runId, seen.at, tx);
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
    retailSales: salesWritten,
    failed: run.failed,
    skipped,
    notices: run.notices,
  };
}
