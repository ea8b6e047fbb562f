import { and, asc, eq, gt, inArray, isNull, lt, max, min, sql } from 'drizzle-orm';
import { pagePurges } from '@db/schema';
import { db, type Executor } from '@/server/db';

/** A purge as the processes read it. */
export interface PagePurgeRow {
  id: number;
  tags: string[];
}

const asRow = (row: { id: number; tags: string }): PagePurgeRow => ({ id: row.id, tags: row.tags.split(' ').filter(Boolean) });

/** Logs a purge of these tags; answers its id. */
export async function insertPagePurge(tags: readonly string[], now: Date, tx: Executor = db): Promise<number> {
  const [row] = await tx
    .insert(pagePurges)
    .values({ tags: tags.join(' '), createdAt: now })
    .returning({ id: pagePurges.id });
  return row?.id ?? 0;
}

/** The purges after `id`, oldest first (by the primary key). */
export async function listPagePurgesAfter(id: number, limit: number, tx: Executor = db): Promise<PagePurgeRow[]> {
  const rows = await tx
    .select({ id: pagePurges.id, tags: pagePurges.tags })
    .from(pagePurges)
    .where(gt(pagePurges.id, id))
    .orderBy(asc(pagePurges.id))
    .limit(limit);
  return rows.map(asRow);
}

/** The first and last purge ids kept (both 0 when none is). */
export async function getPagePurgeRange(tx: Executor = db): Promise<{ first: number; last: number }> {
  const [row] = await tx.select({ first: min(pagePurges.id), last: max(pagePurges.id) }).from(pagePurges);
  return { first: row?.first ?? 0, last: row?.last ?? 0 };
}

/** Purges no shared cache has been told of yet, made before `before`, oldest first (a partial index holds exactly these). */
export async function listUnsharedPagePurges(before: Date, limit: number, tx: Executor = db): Promise<PagePurgeRow[]> {
  const rows = await tx
    .select({ id: pagePurges.id, tags: pagePurges.tags })
    .from(pagePurges)
    .where(and(isNull(pagePurges.sharedAt), lt(pagePurges.createdAt, before)))
    .orderBy(asc(pagePurges.id))
    .limit(limit);
  return rows.map(asRow);
}

/** Records that a shared cache was told of these purges. */
export async function markPagePurgesShared(ids: readonly number[], now: Date, tx: Executor = db): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pagePurges)
    .set({ sharedAt: now })
    .where(and(inArray(pagePurges.id, [...ids]), isNull(pagePurges.sharedAt)));
}

/** Forgets purges older than `before` (every process has long applied them). */
export async function deletePagePurgesBefore(before: Date, tx: Executor = db): Promise<number> {
  const result = await tx.delete(pagePurges).where(lt(pagePurges.createdAt, before)).returning({ id: pagePurges.id });
  return result.length;
}

/** Whether the purge with this id is still kept. */
export async function pagePurgeExists(id: number, tx: Executor = db): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(pagePurges)
    .where(eq(pagePurges.id, id));
  return row !== undefined;
}
