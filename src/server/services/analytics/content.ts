import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE, type AdminAnalyticsContentListQuery } from '@/lib/validation/admin-lists';
import type { AnalyticsContentCreate, AnalyticsContentUpdate } from '@/lib/validation/analytics-content';
import { NotFoundError, messages } from '@/server/errors';
import type { PageQuery } from '@/lib/validation/page-query';
import { cachedForContent } from '@/server/content-version';
import {
  countAnalyticsContent,
  deleteAnalyticsContentById,
  getAnalyticsContentById,
  insertAnalyticsContent,
  listAnalyticsContent,
  updateAnalyticsContentById,
} from '@/server/queries/analytics-content';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { contentChanged } from '@/server/content-changes';
import { analysisChartOf } from '@/lib/analysis';
import { showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { reportIfStored } from '@/server/services/markets/reports';

/** A page of the published analytics items, newest first, and how many there are (counted once per content version). */
export async function listAnalyticsPage(page: PageQuery): Promise<{ items: AnalyticsContentItem[]; total: number }> {
  const [items, total] = await Promise.all([
    listAnalyticsContent(page.limit, page.offset),
    cachedForContent('analytics-content|count', () => countAnalyticsContent()),
  ]);
  return { items, total };
}

/** A page of the admin's Analytics Content list: 50 items, newest first, with the total. */
export async function listAnalyticsContentForAdmin(query: AdminAnalyticsContentListQuery): Promise<AdminPage<AnalyticsContentItem>> {
  const [items, total] = await Promise.all([
    listAnalyticsContent(ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    cachedForContent('analytics-content|count', () => countAnalyticsContent()),
  ]);
  return adminPage(items, query.page, total, false);
}

/** Publishes a new analytics item on /analytics. */
export async function createAnalyticsContent(input: AnalyticsContentCreate): Promise<AnalyticsContentItem> {
  const now = new Date();
  const item = await insertAnalyticsContent({ ...input, createdAt: now, updatedAt: now });
  await contentChanged({ entity: 'analytics-content', id: item.id, action: 'created' }, { kind: 'analysis', id: item.id });
  return item;
}

export async function updateAnalyticsContent(id: number, input: AnalyticsContentUpdate): Promise<AnalyticsContentItem> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const item = await updateAnalyticsContentById(id, { ...changes, updatedAt: new Date() });
  if (!item) throw new NotFoundError(messages.analyticsContentNotFound);
  await contentChanged({ entity: 'analytics-content', id, action: 'updated' }, { kind: 'analysis', id });
  return item;
}

export async function deleteAnalyticsContent(id: number): Promise<void> {
  if (!(await deleteAnalyticsContentById(id))) throw new NotFoundError(messages.analyticsContentNotFound);
  await contentChanged({ entity: 'analytics-content', id, action: 'deleted' }, { kind: 'analysis', id });
}

/**
 * An analysis item's page: the item and, when its metadata names stored series, the chart
 * of them (the custom report's figures); undefined when there is no such item.
 */
export async function getAnalysisPageData(id: number) {
  const item = await getAnalyticsContentById(id);
  showsTags(tag.analysis(id));
  if (!item) return undefined;
  const chart = analysisChartOf(item.metadata);
  if (chart) showsTags(tag.market);
  // Series with no stored observations: the item reads without its chart.
  const report = chart ? await reportIfStored('custom', { ...chart, format: 'json' }) : undefined;
  return { item, chart, report };
}
