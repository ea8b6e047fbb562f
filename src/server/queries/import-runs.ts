import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { importRuns } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { findRow } from '@/server/queries/pages';

export type ImportRunRow = typeof importRuns.$inferSelect;
/** Which import a run is: the daily EIA import (`eia`) or the hourly grid import (`grid`). */
export type ImportKind = ImportRunRow['kind'];

/** An import of this kind started after `since` and not finished, if any. */
export async function findRunningImport(since: Date, tx: Executor = db, kind: ImportKind = 'eia'): Promise<ImportRunRow | undefined> {
  return findRow(tx, importRuns, and(eq(importRuns.kind, kind), eq(importRuns.status, 'running'), gt(importRuns.startedAt, since)));
}

/** Records the start of an import; answers its id. */
export async function insertImportRun(
  startedAt: Date,
  trigger: 'manual' | 'scheduled',
  tx: Executor = db,
  kind: ImportKind = 'eia',
): Promise<number> {
  const [row] = await tx.insert(importRuns).values({ kind, startedAt, status: 'running', trigger }).returning({ id: importRuns.id });
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

/** The last runs of one kind of import (the daily EIA import unless told), newest first. */
export function listImportRuns(limit = 5, tx: Executor = db, kind: ImportKind = 'eia'): Promise<ImportRunRow[]> {
  return tx.select().from(importRuns).where(eq(importRuns.kind, kind)).orderBy(desc(importRuns.startedAt)).limit(limit);
}

/** The newest finished daily EIA run a trigger started (the schedule's last run, for the admin), if any. */
export async function latestFinishedImportRun(trigger: 'manual' | 'scheduled', tx: Executor = db): Promise<ImportRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.kind, 'eia'), eq(importRuns.trigger, trigger), ne(importRuns.status, 'running')))
    .orderBy(desc(importRuns.startedAt))
    .limit(1);
  return row;
}
