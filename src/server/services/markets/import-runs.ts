// An EIA import as a run: written down in `import_runs` (one at a time), what follows a
// successful one (alerts, the release desk, fresh pages), what it says, and the admin's Market
// Data desk (its status and Refresh). Reading EIA and storing the figures is import.ts.
import { isEiaSource } from '@/lib/energy';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
import type { MarketDataStatus } from '@/lib/wire/markets';
import { loadConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { BadGatewayError, BadRequestError, ConflictError, messages } from '@/server/errors';
import { generationStatus } from '@/server/queries/generation';
import { getScheduledJob, requestJobRun } from '@/server/queries/jobs';
import { findRunningImport, finishImportRun, insertImportRun, latestFinishedImportRun, listImportRuns } from '@/server/queries/import-runs';
import { listSeriesStatus } from '@/server/queries/market';
import { EiaError } from '@/server/integrations/eia';
import { contentChanged } from '@/server/content-changes';
import { EIA_IMPORT_JOB, importFromEia, type ImportSummary } from '@/server/services/markets/import';
import { RELEASE_DESK_JOB } from '@/server/services/markets/release-desk';
import { watchRevisionsOfRun } from '@/server/services/articles/revision-watch';
import { importNotes } from '@/server/services/markets/run-log';

/** An import still "running" after this long is taken to have died. */
const STALE_RUN_MS = 15 * 60_000;

/** What an import did, in words (the admin's toast, the run log, the command's output). */
export function importMessage(summary: ImportSummary): string {
  const imported = messages.importSucceeded(
    summary.series.filter((s) => s.written > 0),
    summary.generation,
    summary.retailPrices,
    summary.retailSales,
  );
  return [imported, ...importNotes(summary)].join(' ');
}

/** Everything an import wrote: observations of every series and generation figures. */
export function importedRows(summary: ImportSummary): number {
  return summary.series.reduce((sum, s) => sum + s.written, summary.generation + summary.retailPrices + summary.retailSales);
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
  // The states' pages show retail prices, sales and generation by state: purged only when those changed.
  const statesChanged = summary.generation + summary.retailPrices + summary.retailSales > 0;
  // Pages showing one series (stories citing it) render again only when that series changed.
  const seriesWritten = summary.series.filter((s) => s.written > 0 || s.samplesRemoved).map((s) => s.slug);
  await contentChanged({ entity: 'market-data', id: 0, action: 'updated' }, [
    { kind: 'market', series: seriesWritten },
    ...(statesChanged ? [{ kind: 'states' } as const] : []),
  ]);
  // The revision watch: the editors of published stories citing a figure this run revised hear of
  // it. Recorded with the figures, it stays pending for the notices job should the process stop first.
  if (importedRows(summary) > 0) await watchRevisionsOfRun(runId);
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
