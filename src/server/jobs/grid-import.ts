import type { AppConfig } from '@/server/config';
import type { Job } from '@/server/jobs/runner';
import { GRID_IMPORT_JOB, gridImportMessage, importGridFromEia } from '@/server/services/grid/import';

const HOUR_MS = 3_600_000;

/** The first `minute` past an hour strictly after `after` (hours are UTC; every zone the site knows has whole-hour offsets). */
export function nextHourlyRun(minute: number, after: Date): Date {
  const hour = Math.floor(after.getTime() / HOUR_MS) * HOUR_MS;
  const at = hour + minute * 60_000;
  return new Date(at > after.getTime() ? at : at + HOUR_MS);
}

/**
 * The hourly grid import (`EIA_GRID_MINUTE`, 20 minutes past each hour by default, once EIA has
 * published the hour before): none without `EIA_API_KEY` or with `EIA_GRID_MINUTE=off`. Exactly
 * one web process runs each run (the runner's lease), which the runner records on the job's
 * row; a failed run (nothing changed) is tried again after 5 and 10 minutes, then at the next
 * hour.
 */
export function gridImportJobs(config: Pick<AppConfig, 'eiaApiKey' | 'eiaGridMinute'>): Job[] {
  const minute = config.eiaGridMinute;
  if (!config.eiaApiKey || minute === undefined) return [];
  return [
    {
      name: GRID_IMPORT_JOB,
      nextRunAfter: (after) => nextHourlyRun(minute, after),
      leaseMs: 10 * 60_000,
      retry: { baseMs: 5 * 60_000, maxMs: 10 * 60_000, attempts: 3 },
      run: async () => {
        const summary = await importGridFromEia();
        // A query that failed was skipped: the run is partial, its message says what failed and why.
        return summary.failed.length > 0 ? { partial: true, message: gridImportMessage(summary) } : gridImportMessage(summary);
      },
    },
  ];
}
