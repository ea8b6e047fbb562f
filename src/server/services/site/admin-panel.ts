import type { AdminCounts } from '@/lib/wire/admin';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP } from '@/lib/validation/admin-lists';
import { can } from '@/lib/staff/permissions';
import type { SessionUser } from '@/server/auth/session';
import { ownArticlesFilter } from '@/server/services/articles/access';
import { countAdminArticles } from '@/server/queries/admin-articles';
import { readCounters } from '@/server/queries/counters';
import { countSubscribers } from '@/server/queries/subscribers';

/** The row offset of an admin list's page (pages count from 1). */
export const adminOffsetOf = (page: number): number => (page - 1) * ADMIN_PAGE_SIZE;

/** A search's total as the lists say it: exact up to the cap, else the cap and "more" (lists without a search count exactly). */
export function cappedTotal(total: number): { total: number; totalAtLeast?: true } {
  return total > ADMIN_SEARCH_COUNT_CAP ? { total: ADMIN_SEARCH_COUNT_CAP, totalAtLeast: true } : { total };
}

/**
 * One page of an admin list: its items, the page, and the total, said as capped ("1,000+") when
 * it was counted up to the cap (a search, or a list that only grows).
 */
export function adminPage<T>(items: T[], page: number, total: number, capped: boolean): AdminPage<T> {
  return { items, page, pageSize: ADMIN_PAGE_SIZE, ...(capped ? cappedTotal(total) : { total }) };
}

/** The numbers in the panel's tab labels, of what the person's role sees (0 for the rest; articles their own unless editors). */
export async function getAdminCounts(user: SessionUser): Promise<AdminCounts> {
  const now = new Date();
  const own = ownArticlesFilter(user);
  const [c, drafts, scheduled, inReview, subscribers] = await Promise.all([
    readCounters(),
    countAdminArticles({ status: 'draft', now, ...own }),
    countAdminArticles({ status: 'scheduled', now, ...own }),
    countAdminArticles({ status: 'review', now, ...own }),
    can(user.role, 'manageSubscribers') ? countSubscribers({ status: 'active' }) : 0,
  ]);
  return {
    pendingComments: can(user.role, 'moderateComments') ? (c['comments_pending'] ?? 0) : 0,
    unhandledMessages: can(user.role, 'readMessages') ? (c['messages_unhandled'] ?? 0) : 0,
    drafts,
    scheduled,
    subscribers,
    inReview,
  };
}
