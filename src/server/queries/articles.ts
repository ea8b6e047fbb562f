// Articles: the public lists and pages, one article for readers or the newsroom, and its writes.
// Full-text search is src/server/queries/article-search.ts; the newsroom's list admin-articles.ts.
import { and, desc, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { articles, authors, categories } from '@db/schema';
import { ARTICLE_FIELD_NAMES, EDITORS_ONLY_FIELDS, type EditorsOnlyField } from '@/lib/validation/article';
import type { AdminArticle, Article, ArticleSeo, ArticleSummary, CategoryStat } from '@/lib/wire/articles';
import { db, type Executor } from '@/server/db';
import { countRows, deleteWhere, inIdOrder, pageIds, updateWhere } from '@/server/queries/pages';
import { asWire, columnsOf, omitColumns } from '@/server/queries/rows';

/** The answer's category: the joined category row's fields. */
export const categoryColumns = { id: categories.id, name: categories.name, slug: categories.slug };

/**
 * An article as the newsroom sees it (`AdminArticle`): every editable field from the column
 * of its name, and what the answer adds. The public and the summary shapes leave columns out.
 */
const editorsColumns = {
  id: articles.id,
  ...columnsOf(articles, ARTICLE_FIELD_NAMES),
  authorSlug: authors.slug,
  category: categoryColumns,
  updatedAt: articles.updatedAt,
  authorId: articles.authorId,
  reviewState: articles.reviewState,
};
/** An article as readers may see it (`Article`): no editors-only field, nothing kept for staff. */
const publicColumns = omitColumns(editorsColumns, [...(Object.keys(EDITORS_ONLY_FIELDS) as EditorsOnlyField[]), 'authorId', 'reviewState']);
/** An article as lists show it (`ArticleSummary`): no HTML. */
const summaryColumns = omitColumns(publicColumns, ['content']);

/** Readers see only published articles whose publish time has come; drafts and scheduled ones stay hidden. */
export function articleIsPublic(now: Date): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, now)) as SQL;
}

/** Which public articles a list shows. */
export interface ArticleFilter {
  /** A category slug; absent or `all` for every category. */
  category?: string | undefined;
  featured?: boolean | undefined;
  /** An author's id: their articles only. */
  authorId?: number | undefined;
  /** A category's id: its articles only (`in`), or every other category's (`outside`). */
  topic?: { categoryId: number; in: boolean } | undefined;
  now: Date;
}

/** The conditions of a public list (its filter); full-text searches add theirs (`src/server/queries/article-search.ts`). */
export function filterConditions(filter: ArticleFilter): SQL[] {
  const conditions: SQL[] = [articleIsPublic(filter.now)];
  if (filter.category && filter.category !== 'all') {
    conditions.push(eq(articles.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filter.category})`));
  }
  if (filter.topic) conditions.push((filter.topic.in ? eq : ne)(articles.categoryId, filter.topic.categoryId));
  if (filter.featured) conditions.push(eq(articles.featured, true));
  if (filter.authorId !== undefined) conditions.push(eq(articles.authorId, filter.authorId));
  return conditions;
}

/**
 * Ids of a page of public articles, newest first. Served by an index that covers the id
 * (status, category or featured, publish time), so even a deep offset reads index entries only.
 */
export async function listPublicArticleIds(filter: ArticleFilter, limit: number, offset: number, tx: Executor = db): Promise<number[]> {
  const order = [desc(articles.publishedAt), desc(articles.id)];
  return pageIds(tx, { table: articles, id: articles.id, where: and(...filterConditions(filter)), order, limit, offset });
}

/** How many public articles the filter matches (from the same index). */
export async function countPublicArticles(filter: ArticleFilter, tx: Executor = db): Promise<number> {
  return countRows(tx, articles, and(...filterConditions(filter)));
}

/** The articles with these ids, in the order given; with their HTML when `withContent`. */
export async function getArticlesByIds(ids: number[], withContent: boolean, tx: Executor = db): Promise<(ArticleSummary | Article)[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(withContent ? publicColumns : summaryColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(inArray(articles.id, ids));
  return inIdOrder(ids, rows).map(asWire);
}

/**
 * Moves every article whose lead image is one of `images`' `from` addresses to its `to`
 * address, giving it the image's alt text where it has none; one pass over the articles.
 * Not an edit: neither `updatedAt` nor the full-text index changes. Answers how many moved.
 */
export async function replaceLeadImages(images: readonly { from: string; to: string; alt: string }[], tx: Executor = db): Promise<number> {
  if (images.length === 0) return 0;
  const byImage = (pick: (image: (typeof images)[number]) => string) =>
    sql.join([sql`case ${articles.imageUrl}`, ...images.map((image) => sql`when ${image.from} then ${pick(image)}`), sql`end`], sql` `);
  const moved = await tx
    .update(articles)
    .set({
      imageUrl: byImage((i) => i.to),
      imageAlt: sql`case when ${articles.imageAlt} = '' then ${byImage((i) => i.alt)} else ${articles.imageAlt} end`,
    })
    .where(
      inArray(
        articles.imageUrl,
        images.map((i) => i.from),
      ),
    )
    .returning({ id: articles.id });
  return moved.length;
}

/** A published article by slug, or undefined. */
export async function getArticleBySlug(slug: string, now: Date = new Date(), tx: Executor = db): Promise<Article | undefined> {
  const [row] = await tx
    .select(publicColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(and(eq(articles.slug, slug), articleIsPublic(now)))
    .limit(1);
  return row && asWire(row);
}

/** Newest published articles of the same category, excluding the given ones (from the status/category index). */
export async function listNewestInCategory(
  categoryId: number,
  exclude: number[],
  limit = 3,
  now: Date = new Date(),
  tx: Executor = db,
): Promise<number[]> {
  const rows = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(articleIsPublic(now), eq(articles.categoryId, categoryId), ...exclude.map((id) => ne(articles.id, id))))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Published article counts per category name, for every category (zero included); one
 * covering-index scan in group order. The index is named: with statistics older than one of
 * the article indexes, SQLite chose the sitemap's index and sorted every public article to
 * group them.
 */
export async function countArticlesByCategory(now: Date = new Date(), tx: Executor = db): Promise<CategoryStat[]> {
  const [list, counts] = await Promise.all([
    tx.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.id),
    tx.all<{ categoryId: number; n: number }>(
      sql`select ${articles.categoryId} as categoryId, count(*) as n from ${articles} INDEXED BY articles_status_category_idx
          where ${articleIsPublic(now)} group by ${articles.categoryId}`,
    ),
  ]);
  const byCategory = new Map(counts.map((c) => [c.categoryId, c.n]));
  return list.map((c) => ({ category: c.name, count: byCategory.get(c.id) ?? 0 }));
}

/**
 * A slice of the public articles, oldest first (so earlier slices never change as new
 * articles arrive), with slug and last change: one sitemap file. Read from an index that
 * holds all of it, so a file of 50,000 URLs never touches the (large) article rows.
 */
export async function listArticleSitemapEntries(
  offset: number,
  limit: number,
  now: Date = new Date(),
  tx: Executor = db,
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await tx.all<{ slug: string; updatedAt: number }>(
    sql`select ${articles.slug} as slug, ${articles.updatedAt} as updatedAt from ${articles} INDEXED BY articles_sitemap_idx
        where ${articleIsPublic(now)} order by ${articles.publishedAt}, ${articles.id} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updatedAt) }));
}

/** Whether an article is public now (published and due): only those take comments. */
export async function isPublicArticle(id: number, now: Date = new Date(), tx: Executor = db): Promise<boolean> {
  const [row] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), articleIsPublic(now)));
  return row !== undefined;
}

/** What the Open Graph card of a public article shows (title, category, publish time), or undefined. */
export async function getPublicArticleCard(
  slug: string,
  now: Date = new Date(),
  tx: Executor = db,
): Promise<{ title: string; publishedAt: string; categoryName: string; categorySlug: string } | undefined> {
  const [row] = await tx
    .select({ title: articles.title, publishedAt: articles.publishedAt, categoryName: categories.name, categorySlug: categories.slug })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.slug, slug), articleIsPublic(now)))
    .limit(1);
  return row ? { ...row, publishedAt: row.publishedAt.toISOString() } : undefined;
}

/** The id of the article with this slug, whatever its status. */
export async function getArticleIdBySlug(slug: string, tx: Executor = db): Promise<number | undefined> {
  const [row] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
  return row?.id;
}

/** An article's preview generation (see the column), or undefined when there is no such article. */
export async function getArticlePreviewGeneration(id: number, tx: Executor = db): Promise<number | undefined> {
  const [row] = await tx.select({ generation: articles.previewGeneration }).from(articles).where(eq(articles.id, id));
  return row?.generation;
}

/** Raises an article's preview generation by one (ending the links signed under the old one); false when there is no such article. */
export async function raiseArticlePreviewGeneration(id: number, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, articles, { previewGeneration: sql`${articles.previewGeneration} + 1` }, eq(articles.id, id));
}

/** One article as the admin sees it (drafts and scheduled ones too), or undefined. */
export async function getAdminArticle(id: number, tx: Executor = db): Promise<AdminArticle | undefined> {
  const [row] = await tx
    .select(editorsColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(eq(articles.id, id));
  return row && asWire(row);
}

export type ArticleValues = typeof articles.$inferInsert;

/** Stores a new article; answers its id. */
export async function insertArticle(values: ArticleValues, tx: Executor = db): Promise<number> {
  const [row] = await tx.insert(articles).values(values).returning({ id: articles.id });
  if (!row) throw new Error('The article was not stored.');
  return row.id;
}

/** Changes an article's fields; false when there is no such article. */
export async function updateArticleById(id: number, changes: Partial<ArticleValues>, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, articles, changes, eq(articles.id, id));
}

/**
 * Changes an article's fields only if it is still the version saved at `expectedUpdatedAt`
 * (one statement, so two editors cannot both win); false when it changed since or is gone.
 */
export async function updateArticleIfUnchanged(
  id: number,
  expectedUpdatedAt: Date,
  changes: Partial<ArticleValues>,
  tx: Executor = db,
): Promise<boolean> {
  return updateWhere(tx, articles, changes, and(eq(articles.id, id), eq(articles.updatedAt, expectedUpdatedAt)));
}

/** An article's search and sharing fields, or undefined. */
export async function getArticleSeo(id: number, tx: Executor = db): Promise<ArticleSeo | undefined> {
  const [row] = await tx
    .select({ metaTitle: articles.metaTitle, metaDescription: articles.metaDescription, socialImageUrl: articles.socialImageUrl })
    .from(articles)
    .where(eq(articles.id, id));
  return row;
}

/**
 * The scheduled articles that fell due in (`after`, `until`], as the newsroom sees them, in
 * one read: published with a publish time in that window that was still ahead when they were
 * last saved (so an article published at once, whose save announced it already, is not
 * announced again). A range of the (status, publish time) index.
 */
export async function listArticlesFallenDue(after: Date, until: Date, tx: Executor = db): Promise<AdminArticle[]> {
  const rows = await tx
    .select(editorsColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(
      and(
        eq(articles.status, 'published'),
        gt(articles.publishedAt, after),
        lte(articles.publishedAt, until),
        gt(articles.publishedAt, articles.updatedAt),
      ),
    )
    .orderBy(articles.publishedAt);
  return rows.map(asWire);
}

/** An article as a mailing lists it. */
export interface MailedArticle {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  featured: boolean;
  categorySlug: string;
  categoryName: string;
  publishedAt: Date;
}

/**
 * Up to `limit` articles that went public in (`after`, `until`] (of one topic, by its slug, when
 * asked), featured first when asked, else newest first: what a briefing, roundup, grid weekly or
 * topic digest lists. A range of the
 * (status, publish time) index, so it costs the window, not the archive.
 */
export function listArticlesPublishedBetween(
  after: Date,
  until: Date,
  limit: number,
  options: { featuredFirst?: boolean; topic?: string } = {},
  tx: Executor = db,
): Promise<MailedArticle[]> {
  return tx
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      author: articles.author,
      featured: articles.featured,
      categorySlug: categories.slug,
      categoryName: categories.name,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        eq(articles.status, 'published'),
        gt(articles.publishedAt, after),
        lte(articles.publishedAt, until),
        options.topic === undefined ? undefined : eq(categories.slug, options.topic),
      ),
    )
    .orderBy(...(options.featuredFirst ? [desc(articles.featured)] : []), desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** Deletes an article (its comments go with it); false when there was none. */
export async function deleteArticleById(id: number, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, articles, eq(articles.id, id));
}
