import { desc } from 'drizzle-orm';
import type { Db } from '@db/client';
import { analyticsContent } from '@db/schema';
import type { AnalyticsContentItem } from '@/lib/types';

/** All analytics content, newest first (CONTRACT 2.18). */
export async function listAnalyticsContent(db: Db): Promise<AnalyticsContentItem[]> {
  const rows = await db.select().from(analyticsContent).orderBy(desc(analyticsContent.createdAt), desc(analyticsContent.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}
