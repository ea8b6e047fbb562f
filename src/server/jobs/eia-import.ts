import { SITE_TIME_ZONE } from '@/lib/format';
import { nextDailyRun } from '@/lib/zoned-time';
import type { AppConfig } from '@/server/config';
import type { Job } from '@/server/jobs/runner';
import { EIA_IMPORT_JOB } from '@/server/services/markets/import';
import { importMessage, runEiaImport } from '@/server/services/markets/import-runs';

/**
 * The scheduled EIA import (`EIA_SCHEDULE`, daily at 11:00 US Eastern by default, after the
 * 10:30 weekly releases): none without `EIA_API_KEY` or with `EIA_SCHEDULE=off`. A run is
 * recorded in `import_runs` like a manual one (the runner keeps only the schedule); a failed
 * run (nothing changed) throws EIA's reason, so the runner tries again after 5, 10, 20
 * minutes, then waits for the next scheduled time.
 */
export function eiaImportJobs(config: Pick<AppConfig, 'eiaApiKey' | 'eiaSchedule'>): Job[] {
  if (!config.eiaApiKey || config.eiaSchedule.length === 0) return [];
  const times = config.eiaSchedule;
  return [
    {
      name: EIA_IMPORT_JOB,
      nextRunAfter: (after) => nextDailyRun(times, after, SITE_TIME_ZONE),
      leaseMs: 10 * 60_000,
      retry: { baseMs: 5 * 60_000, maxMs: 20 * 60_000, attempts: 4 },
      keepsRunLog: true,
      run: async () => importMessage(await runEiaImport({}, 'scheduled')),
    },
  ];
}
