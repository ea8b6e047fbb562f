import type { AdminArticleRow } from '@/lib/wire/articles';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP, type AdminArticleListQuery } from '@/lib/validation/admin-lists';
import type { SessionUser } from '@/server/auth/session';
import { ownArticlesFilter } from '@/server/services/articles/access';
import { countAdminArticles, listAdminArticleRows } from '@/server/queries/admin-articles';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';

/** A page of the admin's article list and the total of its filter. */
export async function listArticlesForAdmin(query: AdminArticleListQuery, user: SessionUser): Promise<AdminPage<AdminArticleRow>> {
  // Authors and contributors list their own articles; editors everyone's.
  const filter = { q: query.q, status: query.status, categoryId: query.categoryId, now: new Date(), ...ownArticlesFilter(user) };
  const [items, total] = await Promise.all([
    listAdminArticleRows({ filter, sort: query.sort, limit: ADMIN_PAGE_SIZE, offset: adminOffsetOf(query.page) }),
    countAdminArticles(filter, ADMIN_SEARCH_COUNT_CAP),
  ]);
  return adminPage(items, query.page, total, Boolean(query.q));
}
