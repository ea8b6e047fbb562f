import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { media } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function insertMedia(values: NewMediaRow, tx: Executor = db): Promise<MediaRow> {
  const [row] = await tx.insert(media).values(values).returning();
  if (!row) throw new Error('The image was not stored.');
  return row;
}

export async function getMedia(id: number, tx: Executor = db): Promise<MediaRow | undefined> {
  const [row] = await tx.select().from(media).where(eq(media.id, id));
  return row;
}

/** The images with these keys (by the unique key index), in one query. */
export async function getMediaByKeys(keys: readonly string[], tx: Executor = db): Promise<MediaRow[]> {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(media)
    .where(inArray(media.key, [...new Set(keys)]));
}

function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`${media.filename} like ${pattern} escape '\\'`,
    sql`${media.alt} like ${pattern} escape '\\'`,
    sql`${media.caption} like ${pattern} escape '\\'`,
    sql`${media.credit} like ${pattern} escape '\\'`,
  );
}

/** A page of the library, newest first (walking the time index). */
export async function listMedia(q: string | undefined, limit: number, offset: number, tx: Executor = db): Promise<MediaRow[]> {
  return tx
    .select()
    .from(media)
    .where(and(searchCondition(q)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit)
    .offset(offset);
}

/** How many images match, counting no further than `cap` (a larger library shows "cap+"). */
export async function countMedia(q: string | undefined, cap: number, tx: Executor = db): Promise<number> {
  const where = searchCondition(q);
  const rows = await tx.all<{ n: number }>(
    sql`select count(*) as n from (select 1 from ${media} ${where ? sql`where ${where}` : sql``} limit ${cap + 1})`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function updateMediaDetails(
  id: number,
  details: { alt?: string | undefined; caption?: string | undefined; credit?: string | undefined },
  tx: Executor = db,
): Promise<MediaRow | undefined> {
  const set = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return getMedia(id, tx);
  const [row] = await tx.update(media).set(set).where(eq(media.id, id)).returning();
  return row;
}

export async function deleteMediaRow(id: number, tx: Executor = db): Promise<MediaRow | undefined> {
  const [row] = await tx.delete(media).where(eq(media.id, id)).returning();
  return row;
}
