import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { scheduledJobs } from '@db/schema';
import type { TestServer } from './test-server.ts';

/**
 * Watching the job runner of a test server with several web processes: which process took
 * which job (a trigger writes every claim down), making a job due now, and waiting for a run.
 */
export function jobWatcher(server: TestServer, job: string) {
  const db = () => server.database.db;
  const jobRow = async () => (await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, job)))[0];
  return {
    jobRow,
    /** Every job a process takes from now on is written down, with the process (its lease holder) and when. */
    recordClaims: async (): Promise<void> => {
      await server.database.client.execute(
        'CREATE TABLE IF NOT EXISTS test_job_claims (holder TEXT NOT NULL, job TEXT NOT NULL, at INTEGER NOT NULL)',
      );
      await server.database.client.execute(
        `CREATE TRIGGER IF NOT EXISTS test_job_claimed AFTER UPDATE OF lease_holder ON scheduled_jobs WHEN NEW.lease_holder IS NOT NULL
         BEGIN INSERT INTO test_job_claims VALUES (NEW.lease_holder, NEW.name, NEW.last_started_at); END`,
      );
    },
    /** The jobs taken since `since`, by whom (statements without parameters, so each read sees the latest commit). */
    claimsSince: async (since: Date): Promise<{ holder: string; job: string }[]> => {
      const result = await server.database.client.execute(`SELECT holder, job FROM test_job_claims WHERE at >= ${since.getTime()} ORDER BY at`);
      return result.rows.map((r) => ({ holder: r['holder'] as string, job: r['job'] as string }));
    },
    /** Makes a job (this one by default) due now, as the clock reaching its time would. */
    makeDue: async (name = job): Promise<void> => {
      await db()
        .update(scheduledJobs)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(scheduledJobs.name, name));
    },
    /** Waits until a run that finished after `since` is recorded on the job, and answers its row. */
    waitForRunAfter: async (since: Date) => {
      await expect
        .poll(
          async () => {
            const row = await jobRow();
            return Boolean(row?.lastFinishedAt && row.lastFinishedAt.getTime() >= since.getTime() && row.leaseHolder === null);
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
      return (await jobRow())!;
    },
  };
}
