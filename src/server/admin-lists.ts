// The admin lists' kit, under every domain that has an admin list: a page's offset, and one
// page of a list as the API answers it (the routes' side is src/server/admin-routes.ts).
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP } from '@/lib/validation/admin-lists';

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
