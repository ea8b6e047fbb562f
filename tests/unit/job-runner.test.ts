import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, openDatabase } from '@db/client';
import type { Job } from '@/server/jobs/runner';
import { useServerDatabase } from '../helpers/database.ts';

// The module-level handle of src/server/db.ts points at this file too (process one).
const url = useServerDatabase('jobs');
const { runDueJobs, retryAt, startJobRunner } = await import('@/server/jobs/runner');
const { ensureScheduledJob, listScheduledJobs } = await import('@/server/queries/jobs');

// A second, independent handle on the same file: another web process.
const other = createDatabase(() => ({ url }));

afterAll(() => other.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 22) + ms);
/** A job due every hour, with `options` (a lease, its own run log) besides. */
const hourlyJob = (name: string, run: Job['run'], options: Partial<Job> = {}): Job => ({
  name,
  nextRunAfter: (after) => new Date(after.getTime() + HOUR),
  run,
  ...options,
});

describe('the job runner', () => {
  it('runs a due job exactly once when two processes ask at the same moment, then schedules the next run', async () => {
    let runs = 0;
    const job = hourlyJob('hourly', async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'done';
    });
    await ensureScheduledJob('hourly', at(0));
    const now = () => at(1000);
    const [first, second] = await Promise.all([
      runDueJobs([job], { holder: 'process-a', now }),
      runDueJobs([job], { holder: 'process-b', now, executor: other.db }),
    ]);
    expect(runs).toBe(1);
    expect([...first, ...second]).toEqual(['hourly']);
    const [row] = (await listScheduledJobs()).filter((j) => j.name === 'hourly');
    expect(row).toMatchObject({ lastStatus: 'succeeded', lastMessage: 'done', leaseHolder: null, attempts: 0 });
    expect(row?.nextRunAt.getTime()).toBe(at(1000 + HOUR).getTime());
    // Not due again before its time.
    expect(await runDueJobs([job], { holder: 'process-a', now: () => at(HOUR) })).toEqual([]);
    expect(runs).toBe(1);
  });

  it('retries a failed run with doubling waits, keeping the reason for the admin', async () => {
    const job: Job = {
      name: 'flaky',
      nextRunAfter: (after) => new Date(after.getTime() + 24 * HOUR),
      run: () => Promise.reject(new Error('EIA answered 503')),
      retry: { baseMs: 60_000, maxMs: 600_000, attempts: 3 },
    };
    await ensureScheduledJob('flaky', at(0));
    await runDueJobs([job], { holder: 'a', now: () => at(0) });
    let [row] = (await listScheduledJobs()).filter((j) => j.name === 'flaky');
    expect(row).toMatchObject({ lastStatus: 'failed', lastMessage: 'EIA answered 503', attempts: 1 });
    expect(row?.nextRunAt.getTime()).toBe(at(60_000).getTime());
    await runDueJobs([job], { holder: 'a', now: () => at(60_000) });
    [row] = (await listScheduledJobs()).filter((j) => j.name === 'flaky');
    expect(row?.nextRunAt.getTime()).toBe(at(60_000 + 120_000).getTime());
    // After the last attempt the regular schedule resumes.
    expect(retryAt(job, 3, at(0))).toEqual({ nextRunAt: at(24 * HOUR), attempts: 0 });
  });

  it('runs a job asked for at once, and again right after a run during which it was asked for', async () => {
    const { requestJobRun } = await import('@/server/queries/jobs');
    let runs = 0;
    const job = hourlyJob('alerts', async () => {
      runs++;
      // Another process's import asks for the job while this run goes on.
      if (runs === 1) await requestJobRun('alerts', at(2_000), other.db);
    });
    // Asked for before the runner registered it: the row is made, due at once.
    await requestJobRun('alerts', at(1_000));
    expect(await runDueJobs([job], { holder: 'a', now: () => at(1_500) })).toEqual(['alerts']);
    let [row] = (await listScheduledJobs()).filter((j) => j.name === 'alerts');
    // The request made during the run is kept: due again, not an hour later.
    expect(row?.nextRunAt.getTime()).toBe(at(2_000).getTime());
    expect(await runDueJobs([job], { holder: 'a', now: () => at(3_000) })).toEqual(['alerts']);
    [row] = (await listScheduledJobs()).filter((j) => j.name === 'alerts');
    expect(row?.nextRunAt.getTime()).toBe(at(3_000 + HOUR).getTime());
    // Asked for while idle: due now instead of in an hour.
    await requestJobRun('alerts', at(4_000));
    [row] = (await listScheduledJobs()).filter((j) => j.name === 'alerts');
    expect(row?.nextRunAt.getTime()).toBe(at(4_000).getTime());
    expect(runs).toBe(2);
  });

  it('keeps only the schedule of a job that logs its own runs, so each run is recorded once', async () => {
    const job = hourlyJob('own-log', () => Promise.resolve('imported'), { keepsRunLog: true });
    await ensureScheduledJob('own-log', at(0));
    await runDueJobs([job], { holder: 'a', now: () => at(1_000) });
    const [row] = (await listScheduledJobs()).filter((j) => j.name === 'own-log');
    expect(row).toMatchObject({ lastStatus: null, lastMessage: '', leaseHolder: null, attempts: 0 });
    expect(row?.lastFinishedAt?.getTime()).toBe(at(1_000).getTime());
    expect(row?.nextRunAt.getTime()).toBe(at(1_000 + HOUR).getTime());
  });

  it('keeps a registered job’s time at a restart, unless its new schedule comes sooner', async () => {
    await ensureScheduledJob('daily-import', at(10 * HOUR));
    await ensureScheduledJob('daily-import', at(20 * HOUR));
    let [row] = (await listScheduledJobs()).filter((j) => j.name === 'daily-import');
    expect(row?.nextRunAt.getTime()).toBe(at(10 * HOUR).getTime());
    await ensureScheduledJob('daily-import', at(5 * HOUR));
    [row] = (await listScheduledJobs()).filter((j) => j.name === 'daily-import');
    expect(row?.nextRunAt.getTime()).toBe(at(5 * HOUR).getTime());
  });

  it('lets another process take over a run whose process died (its lease ran out)', async () => {
    let runs = 0;
    const job = hourlyJob(
      'takeover',
      () => {
        runs++;
        return Promise.resolve();
      },
      { leaseMs: 10_000 },
    );
    await ensureScheduledJob('takeover', at(0));
    // Process A claims the run and dies before finishing: simulate with a claim only.
    const { claimDueJob } = await import('@/server/queries/jobs');
    expect(await claimDueJob('takeover', 'dead-process', at(0), 10_000)).toBeDefined();
    // While the lease lasts, nobody else runs it.
    expect(await runDueJobs([job], { holder: 'b', now: () => at(5_000), executor: other.db })).toEqual([]);
    // Once it ran out, process B runs it.
    expect(await runDueJobs([job], { holder: 'b', now: () => at(11_000), executor: other.db })).toEqual(['takeover']);
    expect(runs).toBe(1);
  });

  it('cleans up: rate-limit events older than any window and sessions past their end go, the rest stays', async () => {
    const { housekeepingJob } = await import('@/server/jobs/housekeeping');
    const { rateLimitEvents, sessions, users } = await import('@db/schema');
    const { db } = await import('@/server/db');
    const now = at(10 * 24 * HOUR);
    const [user] = await db.insert(users).values({ username: 'editor', passwordHash: 'x' }).returning({ id: users.id });
    await db.insert(rateLimitEvents).values([
      { bucket: 'comment', subject: 'a', at: new Date(now.getTime() - 25 * HOUR) },
      { bucket: 'comment', subject: 'b', at: new Date(now.getTime() - HOUR) },
    ]);
    const session = (id: string, expiresAt: Date) => ({ id, secretHash: 'h', userId: user?.id ?? 0, createdAt: now, lastUsedAt: now, expiresAt });
    await db.insert(sessions).values([session('old', new Date(now.getTime() - 1)), session('live', new Date(now.getTime() + HOUR))]);
    await ensureScheduledJob('housekeeping', now);
    expect(await runDueJobs([housekeepingJob], { holder: 'a', now: () => now })).toEqual(['housekeeping']);
    expect((await db.select().from(rateLimitEvents)).map((e) => e.subject)).toEqual(['b']);
    expect((await db.select().from(sessions)).map((x) => x.id)).toEqual(['live']);
  });

  it('starts once the database takes its registration, when it could not at first (locked past the busy timeout)', async () => {
    // A process whose busy timeout is short, and another that holds the write lock meanwhile.
    const impatient = createDatabase(() => ({ url, busyTimeoutMs: 100 }));
    const holder = await openDatabase({ url });
    let held: Awaited<ReturnType<typeof holder.client.transaction>> | undefined = await holder.client.transaction('write');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let runs = 0;
    // Due as soon as it is registered.
    const job: Job = { name: 'late-start', nextRunAfter: (after) => after, run: () => Promise.resolve(void runs++) };
    const runner = startJobRunner([job], { pollMs: 50, executor: impatient.db });
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      await until(() => logged.mock.calls.some((call) => String(call[0]).includes('could not start')));
      expect(runs).toBe(0);
      await held.rollback();
      held = undefined;
      await until(() => runs > 0);
    } finally {
      await runner.stop();
      logged.mockRestore();
      await held?.rollback();
      holder.close();
      await impatient.close();
    }
  });
});
