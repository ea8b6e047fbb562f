import { eq } from 'drizzle-orm';
import { analyticsContent } from '@db/schema';
import type { AnalyticsContentCreate, AnalyticsContentUpdate } from '@/lib/validation/analytics-content';
import type { AnalyticsContentItem } from '@/lib/types';
import { getDb } from '@/server/db';
import { NotFoundError } from '@/server/errors';
import { contentChanged } from './publish';

function toItem(row: typeof analyticsContent.$inferSelect): AnalyticsContentItem {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function createAnalyticsContent(input: AnalyticsContentCreate): Promise<AnalyticsContentItem> {
  const now = new Date();
  const [row] = await (
    await getDb()
  )
    .insert(analyticsContent)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('The item was not stored.');
  await contentChanged({ entity: 'analytics-content', id: row.id, action: 'created' });
  return toItem(row);
}

export async function updateAnalyticsContent(id: number, input: AnalyticsContentUpdate): Promise<AnalyticsContentItem> {
  const [row] = await (
    await getDb()
  )
    .update(analyticsContent)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(analyticsContent.id, id))
    .returning();
  if (!row) throw new NotFoundError('Analytics content not found');
  await contentChanged({ entity: 'analytics-content', id, action: 'updated' });
  return toItem(row);
}

export async function deleteAnalyticsContent(id: number): Promise<void> {
  const deleted = await (await getDb()).delete(analyticsContent).where(eq(analyticsContent.id, id)).returning({ id: analyticsContent.id });
  if (deleted.length === 0) throw new NotFoundError('Analytics content not found');
  await contentChanged({ entity: 'analytics-content', id, action: 'deleted' });
}
