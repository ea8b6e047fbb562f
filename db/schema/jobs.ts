import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Timed work the web processes share (scheduled publishing, imports, mail, clean-up): one
 * row per job. A process claims a due job by taking its lease in one statement, so exactly
 * one process runs each due run; a lease that runs out (the process died) lets another
 * process take the run over.
 */
export const scheduledJobs = sqliteTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** When the job is next due. */
  nextRunAt: integer('next_run_at', { mode: 'timestamp_ms' }).notNull(),
  /** The process running it now, while its lease lasts. */
  leaseHolder: text('lease_holder'),
  leaseExpiresAt: integer('lease_expires_at', { mode: 'timestamp_ms' }),
  /** Failed tries of the current run, for the backoff. */
  attempts: integer('attempts').notNull().default(0),
  lastStartedAt: integer('last_started_at', { mode: 'timestamp_ms' }),
  lastFinishedAt: integer('last_finished_at', { mode: 'timestamp_ms' }),
  /** `partial`: the run did part of its work and says in its message what it could not (the grid import skipping a failed query). */
  lastStatus: text('last_status', { enum: ['succeeded', 'partial', 'failed'] }),
  /** What the last run said (its summary, or why it failed). */
  lastMessage: text('last_message').notNull().default(''),
});
