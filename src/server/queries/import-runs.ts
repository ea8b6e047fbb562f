import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { importRuns } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { findRow } from '@/server/queries/pages';

export type ImportRunRow = typeof importRuns.$inferSelect;

/** An import started after `since` and not finished, if any. */
export async function findRunningImport(since: Date, tx: Executor = db): Promise<ImportRunRow | undefined> {
  return findRow(tx, importRuns, and(eq(importRuns.status, 'running'), gt(importRuns.startedAt, since)));
}

/** Records the start of an import; answers its id. */
export async function insertImportRun(startedAt: Date, trigger: 'manual' | 'scheduled', tx: Executor = db): Promise<number> {
  const [row] = await tx.insert(importRuns).values({ startedAt, status: 'running', trigger }).returning({ id: importRuns.id });
  if (!row) throw new Error('The import run was not recorded.');
  return row.id;
}

export async function finishImportRun(
  id: number,
  outcome: { status: 'succeeded' | 'partial' | 'failed'; rows: number; message: string; finishedAt: Date },
  tx: Executor = db,
): Promise<void> {
  await tx.update(importRuns).set(outcome).where(eq(importRuns.id, id));
}

/** The last import runs, newest first. */
export function listImportRuns(limit = 5, tx: Executor = db): Promise<ImportRunRow[]> {
  return tx.select().from(importRuns).orderBy(desc(importRuns.startedAt)).limit(limit);
}

/** The newest finished run a trigger started (the schedule's last run, for the admin), if any. */
export async function latestFinishedImportRun(trigger: 'manual' | 'scheduled', tx: Executor = db): Promise<ImportRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.trigger, trigger), ne(importRuns.status, 'running')))
    .orderBy(desc(importRuns.startedAt))
    .limit(1);
  return row;
}
