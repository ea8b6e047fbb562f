import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '@/server/db';
import { claimDueJob, ensureScheduledJob, finishJobRun, listDueJobNames, renewJobLease } from '@/server/queries/jobs';
import { recordJobRun } from '@/server/metrics';

/** A piece of timed work every web process may run; exactly one runs each due run. */
export interface Job {
  name: string;
  /** When the job is next due after a run that ended (or the runner first saw it) at `after`. */
  nextRunAfter: (after: Date) => Date;
  /**
   * The work; answers a summary for the admin, or a partial outcome (part of the work was done,
   * the message says what was not; not retried). It must stop soon after `signal` aborts (lost
   * lease, shutdown).
   */
  run: (context: { signal: AbortSignal; now: Date }) => Promise<string | void | PartialRun>;
  /** How long a run may hold the job before another process may take it over (renewed while it runs). */
  leaseMs?: number;
  /** Retries after a failure: the wait doubles from `baseMs` up to `maxMs`, then the schedule goes on. */
  retry?: { baseMs: number; maxMs: number; attempts: number };
  /**
   * The job writes each run down in a log of its own (the EIA import in `import_runs`): the
   * runner then keeps only its schedule (next run, lease, retries, when the last run ended), not
   * a second record of its outcome.
   */
  keepsRunLog?: boolean;
}

/** A run that did part of its work: recorded as `partial` with its message, and not tried again before its next time. */
export interface PartialRun {
  partial: true;
  message: string;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_RETRY = { baseMs: 60_000, maxMs: 30 * 60_000, attempts: 5 };

/** Who this process is in the lease table. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** When a failed run is tried again: doubling waits, then the next regular run. */
export function retryAt(job: Job, attempts: number, now: Date): { nextRunAt: Date; attempts: number } {
  const retry = job.retry ?? DEFAULT_RETRY;
  if (attempts >= retry.attempts) return { nextRunAt: job.nextRunAfter(now), attempts: 0 };
  return { nextRunAt: new Date(now.getTime() + Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1))), attempts };
}

/**
 * Runs every job that is due and whose lease this process wins; others are left to whoever
 * holds them. Resolves when the runs this process took have ended.
 */
export async function runDueJobs(jobs: readonly Job[], options: { holder?: string; now?: () => Date; executor?: Executor } = {}): Promise<string[]> {
  const holder = options.holder ?? PROCESS_ID;
  const now = options.now ?? (() => new Date());
  const tx = options.executor;
  const ran: string[] = [];
  const due = new Set(await listDueJobNames(now(), tx));
  for (const job of jobs) {
    if (!due.has(job.name)) continue;
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const started = now();
    const claimed = await claimDueJob(job.name, holder, started, leaseMs, tx);
    if (!claimed) continue;
    ran.push(job.name);
    const controller = new AbortController();
    const renew = setInterval(() => {
      renewJobLease(job.name, holder, new Date(now().getTime() + leaseMs), tx)
        .then((held) => {
          if (!held) controller.abort(new Error('The job lease was lost.'));
        })
        .catch((error: unknown) => console.error(`Could not renew the lease of ${job.name}:`, error));
    }, leaseMs / 3);
    renew.unref();
    try {
      const summary = await job.run({ signal: controller.signal, now: started });
      recordJobRun(job.name, true);
      const finishedAt = now();
      const partial = typeof summary === 'object';
      await finishJobRun(
        job.name,
        holder,
        {
          status: partial ? 'partial' : 'succeeded',
          message: (partial ? summary.message : summary) ?? '',
          nextRunAt: job.nextRunAfter(finishedAt),
          attempts: 0,
          finishedAt,
          record: !job.keepsRunLog,
        },
        tx,
      );
    } catch (error) {
      recordJobRun(job.name, false);
      const finishedAt = now();
      const message = error instanceof Error ? error.message : String(error);
      console.error(JSON.stringify({ event: 'job_failed', job: job.name, message, at: finishedAt.toISOString() }));
      await finishJobRun(
        job.name,
        holder,
        { status: 'failed', message, ...retryAt(job, claimed.attempts + 1, finishedAt), finishedAt, record: !job.keepsRunLog },
        tx,
      );
    } finally {
      clearInterval(renew);
    }
  }
  return ran;
}

/**
 * Polls for due jobs every `pollMs` (with a little jitter, so processes do not ask in step)
 * until stopped. Registers each job first, due at its first scheduled time; a database that
 * cannot take the registration now (locked past the busy timeout, full) is asked again a
 * poll later, so the jobs start as soon as it can. `executor` is the database (the process's).
 */
export function startJobRunner(jobs: readonly Job[], options: { pollMs?: number; executor?: Executor } = {}): { stop: () => Promise<void> } {
  const pollMs = options.pollMs ?? 15_000;
  const executor = options.executor;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const later = (next: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(next, ms);
    timer.unref();
  };
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(jobs, executor ? { executor } : {})
      .catch((error: unknown) => console.error('The job runner failed:', error))
      .finally(() => later(tick, pollMs * (0.8 + Math.random() * 0.4)));
  };
  const start = () => {
    if (stopped) return;
    const now = new Date();
    running = Promise.all(jobs.map((job) => ensureScheduledJob(job.name, job.nextRunAfter(now), executor)))
      .then(tick)
      .catch((error: unknown) => {
        console.error('The job runner could not start; trying again shortly:', error);
        later(start, pollMs);
      });
  };
  start();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
