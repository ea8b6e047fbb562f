import type { AnalyticsContentItem } from '@/lib/types';
import type { AnalyticsContentCreate, AnalyticsContentUpdate } from '@/lib/validation/analytics-content';
import { NotFoundError, messages } from '@/server/errors';
import { deleteAnalyticsContentById, insertAnalyticsContent, updateAnalyticsContentById } from '@/server/queries/analytics-content';
import { contentChanged } from './publish';

/** Publishes a new analytics item on /analytics. */
export async function createAnalyticsContent(input: AnalyticsContentCreate): Promise<AnalyticsContentItem> {
  const now = new Date();
  const item = await insertAnalyticsContent({ ...input, createdAt: now, updatedAt: now });
  await contentChanged({ entity: 'analytics-content', id: item.id, action: 'created' });
  return item;
}

export async function updateAnalyticsContent(id: number, input: AnalyticsContentUpdate): Promise<AnalyticsContentItem> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const item = await updateAnalyticsContentById(id, { ...changes, updatedAt: new Date() });
  if (!item) throw new NotFoundError(messages.analyticsContentNotFound);
  await contentChanged({ entity: 'analytics-content', id, action: 'updated' });
  return item;
}

export async function deleteAnalyticsContent(id: number): Promise<void> {
  if (!(await deleteAnalyticsContentById(id))) throw new NotFoundError(messages.analyticsContentNotFound);
  await contentChanged({ entity: 'analytics-content', id, action: 'deleted' });
}
