// The newsroom's article list: every status, a category, an author's own, full-text search;
// ids first from an index (or the full-text matches), then the page's rows.
import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { articles, categories } from '@db/schema';
import type { AdminArticleRow } from '@/lib/wire/articles';
import { db, type Executor } from '@/server/db';
import { ftsJoin, ftsMatch, toFtsQuery } from '@/server/queries/article-search';
import { articleIsPublic, categoryColumns } from '@/server/queries/articles';
import { countRows, inIdOrder, pageIds, type ListPage } from '@/server/queries/pages';
import { asWire } from '@/server/queries/rows';

/** Which articles the admin's list shows: every status, or one; a category; full-text search. */
export interface AdminArticleFilter {
  q?: string | undefined;
  /** `review`: drafts submitted for review (the editors' queue). */
  status: 'all' | 'draft' | 'published' | 'scheduled' | 'review';
  categoryId?: number | undefined;
  /** Only this author record's articles (an author's or contributor's own); null matches none. */
  authorId?: number | null | undefined;
  now: Date;
}

function adminConditions(filter: AdminArticleFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.authorId !== undefined) conditions.push(filter.authorId === null ? sql`0` : eq(articles.authorId, filter.authorId));
  if (filter.status === 'review') conditions.push(eq(articles.reviewState, 'submitted'));
  if (filter.status === 'draft') conditions.push(eq(articles.status, 'draft'));
  if (filter.status === 'published') conditions.push(articleIsPublic(filter.now));
  if (filter.status === 'scheduled') conditions.push(and(eq(articles.status, 'published'), gt(articles.publishedAt, filter.now)) as SQL);
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  return conditions;
}

/** A row of the admin's list (`AdminArticleRow`): no excerpt, no HTML. */
const adminRowColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  author: articles.author,
  category: categoryColumns,
  featured: articles.featured,
  status: articles.status,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  reviewState: articles.reviewState,
};

/** A page of the admin's article list: rows without excerpt or HTML, newest, oldest or by title. */
export async function listAdminArticleRows(
  page: ListPage<AdminArticleFilter, 'newest' | 'oldest' | 'title'>,
  tx: Executor = db,
): Promise<AdminArticleRow[]> {
  const { filter, sort, limit, offset } = page;
  const fts = filter.q ? toFtsQuery(filter.q) : undefined;
  if (filter.q && !fts) return [];
  const order =
    sort === 'title'
      ? [articles.title, articles.id]
      : sort === 'oldest'
        ? [articles.publishedAt, articles.id]
        : [desc(articles.publishedAt), desc(articles.id)];
  // A search runs in the full-text index's own order, newest or oldest added (by id), so a
  // page of a common word is found without sorting every match; by title it sorts them.
  const searchOrder = sort === 'title' ? order : sort === 'oldest' ? [sql`articles_fts.rowid`] : [sql`articles_fts.rowid desc`];
  // Ids first (from an index, or the full-text matches), then the page's rows only.
  const search = fts
    ? sql`select ${articles.id} as id from ${ftsJoin}
        where ${and(ftsMatch(fts), ...adminConditions(filter))} order by ${sql.join(searchOrder, sql`, `)} limit ${limit} offset ${offset}`
    : undefined;
  const ids = await pageIds(tx, { table: articles, id: articles.id, where: and(...adminConditions(filter)), order, limit, offset }, search);
  if (ids.length === 0) return [];
  const rows = await tx
    .select(adminRowColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(inArray(articles.id, ids));
  return inIdOrder(ids, rows).map(asWire);
}

/** How many articles the admin's filter matches; a search counts up to `cap` + 1 only. */
export async function countAdminArticles(filter: AdminArticleFilter, cap = Number.MAX_SAFE_INTEGER, tx: Executor = db): Promise<number> {
  const fts = filter.q ? toFtsQuery(filter.q) : undefined;
  if (filter.q && !fts) return 0;
  if (fts) {
    const [row] = await tx.all<{ n: number }>(
      sql`select count(*) as n from (select 1 from ${ftsJoin}
          where ${and(ftsMatch(fts), ...adminConditions(filter))} limit ${cap + 1})`,
    );
    return Number(row?.n ?? 0);
  }
  return countRows(tx, articles, and(...adminConditions(filter)));
}
