import { and, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { generation, importRuns, marketObservations, marketSeries } from '@db/schema';
import { eiaSource, GENERATION_FUELS, isEiaSource, US_STATES } from '@/lib/energy';
import type { MarketDataStatus } from '@/lib/types';
import { loadConfig } from '@/server/config';
import { getDb, writeTransaction } from '@/server/db';
import { AppError, ConflictError } from '@/server/errors';
import { EiaClient, EiaError, eiaNumber, type EiaQuery, type EiaRow } from '@/server/integrations/eia';
import type { OutboundOptions } from '@/server/integrations/outbound';
import { contentChanged } from './publish';

/** Where each stored price series comes from in EIA's API v2. */
export const EIA_PRICE_SERIES: Record<string, Omit<EiaQuery, 'start'>> = {
  wti: { route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { series: ['RWTC'] } },
  brent: { route: 'petroleum/pri/spt', frequency: 'daily', data: 'value', facets: { series: ['RBRTE'] } },
  'henry-hub': { route: 'natural-gas/pri/fut', frequency: 'daily', data: 'value', facets: { series: ['RNGWHHD'] } },
  gasoline: { route: 'petroleum/pri/gnd', frequency: 'weekly', data: 'value', facets: { series: ['EMM_EPMR_PTE_NUS_DPG'] } },
  electricity: { route: 'electricity/retail-sales', frequency: 'monthly', data: 'price', facets: { stateid: ['US'], sectorid: ['RES'] } },
};

/** Monthly net generation, all sectors, for the US and every state, by fuel. */
export const EIA_GENERATION: Omit<EiaQuery, 'start'> = {
  route: 'electricity/electric-power-operational-data',
  frequency: 'monthly',
  data: 'generation',
  facets: { location: ['US', ...Object.keys(US_STATES)], sectorid: ['99'], fueltypeid: [...GENERATION_FUELS] },
};

/** How far back a first import reaches, and how much a later one reads again (EIA revises). */
const HISTORY = { daily: 550, weekly: 730, monthly: 1100 } as const;
const OVERLAP = { daily: 14, weekly: 35, monthly: 100 } as const;
/** An import still "running" after this long is taken to have died. */
const STALE_RUN_MS = 15 * 60_000;

export const EIA_KEY_HELP =
  'Register for a free EIA API key at https://www.eia.gov/opendata/register.php, set EIA_API_KEY in the server environment and restart the site.';

export interface ImportSummary {
  observations: number;
  generation: number;
  series: { slug: string; rows: number }[];
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
 * Imports new EIA observations (issue 5): every query is fetched first, then everything is
 * written in one transaction, so a failure anywhere changes nothing. Observations are
 * upserted (EIA revises recent values), so running it again changes nothing either. The
 * first import of a series replaces its sample history.
 */
export async function importFromEia(options: OutboundOptions & { paceMs?: number; pageSize?: number; now?: number } = {}): Promise<ImportSummary> {
  const db = await getDb();
  const config = loadConfig();
  if (!config.eiaApiKey) throw new EiaError(`EIA_API_KEY is not set. ${EIA_KEY_HELP}`);
  const now = options.now ?? Date.now();
  const client = new EiaClient(config.eiaApiUrl, config.eiaApiKey, options);

  const series = await db.select().from(marketSeries);
  const fetched: { id: number; slug: string; wasSample: boolean; source: string; rows: { period: string; value: number }[] }[] = [];
  for (const s of series) {
    const query = EIA_PRICE_SERIES[s.slug];
    if (!query) continue;
    const wasSample = !isEiaSource(s.source);
    const [latest] = wasSample
      ? []
      : await db
          .select({ period: marketObservations.period })
          .from(marketObservations)
          .where(eq(marketObservations.seriesId, s.id))
          .orderBy(desc(marketObservations.period))
          .limit(1);
    const rows = await client.fetchAll({ ...query, start: startFor(query.frequency, latest?.period, now) });
    const source = eiaSource(query.route, query.facets);
    fetched.push({ id: s.id, slug: s.slug, wasSample, source, rows: observationsOf(rows, query) });
  }

  const [genLatest] = await db
    .select({ period: max(generation.period) })
    .from(generation)
    .where(eq(generation.source, 'eia'));
  const genRows = await client.fetchAll({
    ...EIA_GENERATION,
    start: startFor('monthly', genLatest?.period ? `${genLatest.period}-01` : undefined, now),
  });
  const locations = new Set(EIA_GENERATION.facets['location']);
  const fuels = new Set<string>(GENERATION_FUELS);
  const generationValues = new Map<string, { period: string; location: string; fuel: string; value: number; source: string }>();
  for (const row of genRows) {
    const { period, location, fueltypeid, sectorid } = row;
    const value = eiaNumber(row['generation']);
    if (typeof period !== 'string' || !/^\d{4}-\d{2}$/.test(period) || value === undefined) continue;
    if (typeof location !== 'string' || !locations.has(location) || typeof fueltypeid !== 'string' || !fuels.has(fueltypeid)) continue;
    if (sectorid !== undefined && sectorid !== '99' && sectorid !== 99) continue;
    generationValues.set(`${period}|${location}|${fueltypeid}`, { period, location, fuel: fueltypeid, value, source: 'eia' });
  }

  let observations = 0;
  let generationWritten = 0;
  // The project's write queue: one write transaction at a time in this process.
  await writeTransaction(async (tx) => {
    for (const f of fetched) {
      if (f.rows.length === 0) continue;
      if (f.wasSample) await tx.delete(marketObservations).where(eq(marketObservations.seriesId, f.id));
      for (let i = 0; i < f.rows.length; i += 500) {
        const written = await tx
          .insert(marketObservations)
          .values(f.rows.slice(i, i + 500).map((r) => ({ seriesId: f.id, ...r })))
          .onConflictDoUpdate({
            target: [marketObservations.seriesId, marketObservations.period],
            set: { value: sql`excluded.value` },
            setWhere: sql`${marketObservations.value} <> excluded.value`,
          })
          .returning({ period: marketObservations.period });
        observations += written.length;
      }
      await tx.update(marketSeries).set({ source: f.source }).where(eq(marketSeries.id, f.id));
    }
    const genList = [...generationValues.values()];
    if (genList.length > 0) {
      await tx.delete(generation).where(eq(generation.source, 'seed'));
      for (let i = 0; i < genList.length; i += 500) {
        const written = await tx
          .insert(generation)
          .values(genList.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [generation.period, generation.location, generation.fuel],
            set: { value: sql`excluded.value`, source: sql`excluded.source` },
            setWhere: sql`${generation.value} <> excluded.value or ${generation.source} <> excluded.source`,
          })
          .returning({ period: generation.period });
        generationWritten += written.length;
      }
    }
  });
  return {
    observations,
    generation: generationWritten,
    series: fetched.map((f) => ({ slug: f.slug, rows: f.rows.length })),
  };
}

/** What an import did, in words (the admin's toast, the run log, the command's output). */
export function importMessage(summary: ImportSummary): string {
  return `Imported ${summary.observations} price observations and ${summary.generation} generation figures.`;
}

/** The last import runs, newest first. */
export async function listImportRuns(db: Db, limit = 5) {
  return db.select().from(importRuns).orderBy(desc(importRuns.startedAt)).limit(limit);
}

/**
 * Runs the import, records it in `import_runs` and, when it succeeds, publishes the new
 * figures (`contentChanged`). One import at a time: a second one while another is running
 * (and not stale) is a 409.
 */
export async function runEiaImport(
  options: Parameters<typeof importFromEia>[0] = {},
): Promise<{ ok: true; summary: ImportSummary } | { ok: false; message: string }> {
  const db = await getDb();
  const startedAt = new Date();
  const [running] = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.status, 'running'), gt(importRuns.startedAt, new Date(startedAt.getTime() - STALE_RUN_MS))));
  if (running) throw new ConflictError('An import is already running. Try again in a few minutes.');
  const [run] = await db.insert(importRuns).values({ startedAt, status: 'running' }).returning({ id: importRuns.id });
  const finish = async (status: 'succeeded' | 'failed', rows: number, message: string) => {
    if (run) await db.update(importRuns).set({ status, rows, message, finishedAt: new Date() }).where(eq(importRuns.id, run.id));
  };
  try {
    const summary = await importFromEia(options);
    const total = summary.observations + summary.generation;
    await finish('succeeded', total, importMessage(summary));
    // Every page showing market data renders afresh, in every process.
    await contentChanged({ entity: 'market-data', id: 0, action: 'updated' });
    return { ok: true, summary };
  } catch (error) {
    const message = error instanceof EiaError ? error.message : 'The import failed unexpectedly; nothing was changed.';
    if (!(error instanceof EiaError)) console.error('EIA import failed:', error);
    await finish('failed', 0, message);
    return { ok: false, message };
  }
}

export async function getMarketDataStatus(): Promise<MarketDataStatus> {
  const db = await getDb();
  const series = await db
    .select({
      slug: marketSeries.slug,
      name: marketSeries.name,
      frequency: marketSeries.frequency,
      source: marketSeries.source,
      latest: max(marketObservations.period),
      observations: sql<number>`count(${marketObservations.period})`,
    })
    .from(marketSeries)
    .leftJoin(marketObservations, eq(marketObservations.seriesId, marketSeries.id))
    .groupBy(marketSeries.id)
    .orderBy(marketSeries.sortOrder);
  const [gen] = await db
    .select({ latest: max(generation.period), rows: sql<number>`count(*)`, eia: sql<number>`sum(${generation.source} = 'eia')` })
    .from(generation);
  const runs = await listImportRuns(db);
  return {
    eiaKeySet: Boolean(loadConfig().eiaApiKey),
    keyHelp: EIA_KEY_HELP,
    series: series.map((s) => ({
      slug: s.slug,
      name: s.name,
      frequency: s.frequency,
      fromEia: isEiaSource(s.source),
      latest: s.latest ?? null,
      observations: Number(s.observations),
    })),
    generation: { fromEia: Number(gen?.eia ?? 0) > 0, latest: gen?.latest ?? null, rows: Number(gen?.rows ?? 0) },
    runs: runs.map((r) => ({
      id: r.id,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      status: r.status,
      rows: r.rows,
      message: r.message,
    })),
  };
}

/**
 * The admin's Refresh: imports from EIA (which renders every page afresh). Without a key
 * it is a 400 saying how to get one; a failed import (nothing changed) is a 502 with
 * EIA's reason.
 */
export async function refreshMarketData(): Promise<MarketDataStatus & { message: string }> {
  if (!loadConfig().eiaApiKey) throw new AppError(400, `EIA_API_KEY is not set. ${EIA_KEY_HELP}`);
  const result = await runEiaImport();
  if (!result.ok) throw new AppError(502, result.message);
  return { ...(await getMarketDataStatus()), message: importMessage(result.summary) };
}
