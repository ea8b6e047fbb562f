import { and, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { scheduledJobs } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { updateWhere } from '@/server/queries/pages';

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;

/** Adds a job's row due at `at`; a row that exists takes `existingDue` as its due time instead. */
async function upsertJobDue(tx: Executor, name: string, at: Date, existingDue: SQL): Promise<void> {
  await tx
    .insert(scheduledJobs)
    .values({ name, nextRunAt: at })
    .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: existingDue } });
}

/** A job due at `now` whose lease is free (nobody holds it, or its holder's lease ran out). */
const dueAndFree = (now: Date) =>
  and(lte(scheduledJobs.nextRunAt, now), or(isNull(scheduledJobs.leaseExpiresAt), lt(scheduledJobs.leaseExpiresAt, now)));

/**
 * Adds a job's row, due at `firstRunAt`; a row that exists keeps its time unless that is
 * later (its schedule changed since, e.g. a new `EIA_SCHEDULE`): a job never waits longer
 * than its schedule says.
 */
export async function ensureScheduledJob(name: string, firstRunAt: Date, tx: Executor = db): Promise<void> {
  await upsertJobDue(tx, name, firstRunAt, sql`min(${scheduledJobs.nextRunAt}, excluded.next_run_at)`);
}

/** The names of the jobs that are due and free now (a read: polling takes no write lock while nothing is due). */
export async function listDueJobNames(now: Date, tx: Executor = db): Promise<string[]> {
  const rows = await tx.select({ name: scheduledJobs.name }).from(scheduledJobs).where(dueAndFree(now));
  return rows.map((r) => r.name);
}

/**
 * Takes the lease of a due job (nobody holds it, or its holder's lease ran out) in one
 * statement: of several processes asking at once, exactly one gets the row back.
 */
export async function claimDueJob(name: string, holder: string, now: Date, leaseMs: number, tx: Executor = db): Promise<ScheduledJobRow | undefined> {
  const [row] = await tx
    .update(scheduledJobs)
    .set({ leaseHolder: holder, leaseExpiresAt: new Date(now.getTime() + leaseMs), lastStartedAt: now })
    .where(and(eq(scheduledJobs.name, name), dueAndFree(now)))
    .returning();
  return row;
}

/** Extends the holder's lease while the run goes on; false when the lease is no longer theirs. */
export async function renewJobLease(name: string, holder: string, until: Date, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, scheduledJobs, { leaseExpiresAt: until }, and(eq(scheduledJobs.name, name), eq(scheduledJobs.leaseHolder, holder)));
}

/**
 * Asks for a job to run as soon as a process polls (the EIA import asks for the price alerts),
 * adding its row when the runner has not registered it yet. A request that comes while the
 * job runs moves its due time past the run's start, so the run's end keeps it (below) and the
 * job runs again right after: nothing the request was for is left to the next scheduled time.
 */
export async function requestJobRun(name: string, now: Date, tx: Executor = db): Promise<void> {
  const at = now.getTime();
  await upsertJobDue(
    tx,
    name,
    now,
    sql`case when ${scheduledJobs.leaseExpiresAt} > ${at} then ${at} else min(${scheduledJobs.nextRunAt}, ${at}) end`,
  );
}

/**
 * Ends the holder's run: sets the next due time (a run requested while it ran stays due, see
 * `requestJobRun`), notes when it ended and gives the lease back; and records its outcome
 * (status and message) on the row, unless the job keeps a run log of its own (`record: false`),
 * so each run is written down once.
 */
export async function finishJobRun(
  name: string,
  holder: string,
  outcome: { status: 'succeeded' | 'partial' | 'failed'; message: string; nextRunAt: Date; attempts: number; finishedAt: Date; record?: boolean },
  tx: Executor = db,
): Promise<void> {
  const next = outcome.nextRunAt.getTime();
  const recorded = outcome.record === false ? {} : { lastStatus: outcome.status, lastMessage: outcome.message.slice(0, 1000) };
  await tx
    .update(scheduledJobs)
    .set({
      nextRunAt: sql`case when ${scheduledJobs.nextRunAt} > ${scheduledJobs.lastStartedAt} then min(${scheduledJobs.nextRunAt}, ${next}) else ${next} end`,
      attempts: outcome.attempts,
      lastFinishedAt: outcome.finishedAt,
      ...recorded,
      leaseHolder: null,
      leaseExpiresAt: null,
    })
    .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.leaseHolder, holder)));
}

/** Every job's row, for the admin. */
export function listScheduledJobs(tx: Executor = db): Promise<ScheduledJobRow[]> {
  return tx.select().from(scheduledJobs).orderBy(scheduledJobs.name);
}

/** One job's row, if the runner has registered it. */
export async function getScheduledJob(name: string, tx: Executor = db): Promise<ScheduledJobRow | undefined> {
  const [row] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row;
}
