import { desc, eq, inArray, sql } from 'drizzle-orm';
import { releaseChanges } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRows, deleteWhere } from '@/server/queries/pages';

export type ReleaseChangeRow = typeof releaseChanges.$inferSelect;
export type ReleaseChangeValues = Pick<ReleaseChangeRow, 'releaseId' | 'scheduledAt' | 'startsAt' | 'note'>;

/** The changes of the given releases (by primary key; the calendar asks for the releases of its window). */
export function listReleaseChangesFor(releaseIds: readonly string[], tx: Executor = db): Promise<ReleaseChangeRow[]> {
  if (releaseIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(releaseChanges)
    .where(inArray(releaseChanges.releaseId, [...releaseIds]));
}

/** A page of changes for the admin, latest scheduled release first (through the index on `scheduled_at`). */
export function listReleaseChangesPage(offset: number, limit: number, tx: Executor = db): Promise<ReleaseChangeRow[]> {
  return tx.select().from(releaseChanges).orderBy(desc(releaseChanges.scheduledAt)).limit(limit).offset(offset);
}

export async function countReleaseChanges(tx: Executor = db): Promise<number> {
  return countRows(tx, releaseChanges);
}

/** Records a change, or replaces the one of the same release and counts one more SEQUENCE. */
export async function upsertReleaseChange(values: ReleaseChangeValues, tx: Executor = db): Promise<ReleaseChangeRow> {
  const [row] = await tx
    .insert(releaseChanges)
    .values(values)
    .onConflictDoUpdate({
      target: releaseChanges.releaseId,
      set: { startsAt: values.startsAt, note: values.note, sequence: sql`${releaseChanges.sequence} + 1`, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('The release change was not stored.');
  return row;
}

/** Whether a change was deleted (the release is back at its rule's time). */
export async function deleteReleaseChange(releaseId: string, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, releaseChanges, eq(releaseChanges.releaseId, releaseId));
}
