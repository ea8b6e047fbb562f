import { desc, eq } from 'drizzle-orm';
import { analyticsContent } from '@db/schema';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { db, type Executor } from '@/server/db';
import { asWire } from '@/server/queries/rows';
import { countRows, deleteWhere } from '@/server/queries/pages';

type Row = typeof analyticsContent.$inferSelect;
export type AnalyticsContentValues = typeof analyticsContent.$inferInsert;

/** An item's answer is the whole row (`AnalyticsContentItem`), instants as ISO strings. */
const toItem = (row: Row): AnalyticsContentItem => asWire(row);

/** A page of the analytics content, newest first: what /analytics publishes under Market Overview. */
export async function listAnalyticsContent(limit: number, offset: number, tx: Executor = db): Promise<AnalyticsContentItem[]> {
  const rows = await tx
    .select()
    .from(analyticsContent)
    .orderBy(desc(analyticsContent.createdAt), desc(analyticsContent.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toItem);
}

/** How many analytics items there are. */
export async function countAnalyticsContent(tx: Executor = db): Promise<number> {
  return countRows(tx, analyticsContent);
}

export async function insertAnalyticsContent(values: AnalyticsContentValues, tx: Executor = db): Promise<AnalyticsContentItem> {
  const [row] = await tx.insert(analyticsContent).values(values).returning();
  if (!row) throw new Error('The item was not stored.');
  return toItem(row);
}

/** Changes an item; undefined when there is no such item. */
export async function updateAnalyticsContentById(
  id: number,
  changes: Partial<AnalyticsContentValues>,
  tx: Executor = db,
): Promise<AnalyticsContentItem | undefined> {
  const [row] = await tx.update(analyticsContent).set(changes).where(eq(analyticsContent.id, id)).returning();
  return row ? toItem(row) : undefined;
}

/** Deletes an item; false when there was none. */
export async function deleteAnalyticsContentById(id: number, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, analyticsContent, eq(analyticsContent.id, id));
}

/** One item by id, or undefined. */
export async function getAnalyticsContentById(id: number, tx: Executor = db): Promise<AnalyticsContentItem | undefined> {
  const [row] = await tx.select().from(analyticsContent).where(eq(analyticsContent.id, id));
  return row ? toItem(row) : undefined;
}

/** The newest `limit` items' ids and change times, for the sitemap. */
export function listAnalyticsSitemapEntries(limit: number, tx: Executor = db): Promise<{ id: number; updatedAt: Date }[]> {
  return tx
    .select({ id: analyticsContent.id, updatedAt: analyticsContent.updatedAt })
    .from(analyticsContent)
    .orderBy(desc(analyticsContent.createdAt), desc(analyticsContent.id))
    .limit(limit);
}
