import { and, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import { articles, categories } from '@db/schema';
import type { AdminArticle, Article, ArticleSummary, CategoryStat } from '@/lib/types';
import { db, type Executor } from '@/server/db';

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  author: articles.author,
  categoryId: articles.categoryId,
  featured: articles.featured,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type SummaryRow = Pick<
  typeof articles.$inferSelect,
  'id' | 'slug' | 'title' | 'excerpt' | 'imageUrl' | 'author' | 'categoryId' | 'featured' | 'publishedAt' | 'updatedAt'
> & { categoryName: string; categorySlug: string };

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    author: row.author,
    categoryId: row.categoryId,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    featured: row.featured,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Readers see only published articles whose publish time has come; drafts and scheduled ones stay hidden. */
function isPublic(now: Date): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, now)) as SQL;
}

/**
 * Turns visitor text into a safe FTS5 query: each word becomes a quoted prefix term, all
 * of which must match. Returns undefined when no searchable word remains.
 */
export function toFtsQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return undefined;
  return words.map((w) => `"${w}"*`).join(' ');
}

export interface ListArticlesOptions {
  category?: string | undefined;
  q?: string | undefined;
  featured?: boolean | undefined;
  limit: number;
  offset: number;
  now?: Date;
}

/**
 * Public article list, newest first; with `q`, ranked by relevance (bm25 weighting title
 * over excerpt over body). Returns the page and the total number of matches.
 */
export async function listArticles(options: ListArticlesOptions, tx: Executor = db): Promise<{ items: ArticleSummary[]; total: number }> {
  const now = options.now ?? new Date();
  const conditions: SQL[] = [isPublic(now)];
  if (options.category && options.category !== 'all') conditions.push(eq(categories.slug, options.category));
  if (options.featured) conditions.push(eq(articles.featured, true));
  const fts = options.q ? toFtsQuery(options.q) : undefined;
  if (options.q && !fts) return { items: [], total: 0 };
  if (fts) {
    conditions.push(sql`${articles.id} IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${fts})`);
  }
  const where = and(...conditions);
  const order = fts
    ? [
        sql`(SELECT bm25(articles_fts, 10.0, 5.0, 1.0) FROM articles_fts WHERE articles_fts MATCH ${fts} AND rowid = ${articles.id})`,
        desc(articles.publishedAt),
      ]
    : [desc(articles.publishedAt), desc(articles.id)];
  const [rows, totals] = await Promise.all([
    tx
      .select(summaryColumns)
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ n: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(where),
  ]);
  return { items: rows.map(toSummary), total: totals[0]?.n ?? 0 };
}

/** A published article by slug, or undefined. */
export async function getArticleBySlug(slug: string, now: Date = new Date(), tx: Executor = db): Promise<Article | undefined> {
  const [row] = await tx
    .select({ ...summaryColumns, content: articles.content })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.slug, slug), isPublic(now)))
    .limit(1);
  return row ? { ...toSummary(row), content: row.content } : undefined;
}

/** Newest published articles of the same category, excluding the article itself. */
export async function listRelatedArticles(article: ArticleSummary, limit = 3, now: Date = new Date(), tx: Executor = db): Promise<ArticleSummary[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articles.categoryId, article.categoryId), ne(articles.id, article.id)))
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Published article counts per category name, for every category (zero included). */
export async function countArticlesByCategory(now: Date = new Date(), tx: Executor = db): Promise<CategoryStat[]> {
  const rows = await tx
    .select({ category: categories.name, count: sql<number>`count(${articles.id})` })
    .from(categories)
    .leftJoin(articles, and(eq(articles.categoryId, categories.id), isPublic(now)))
    .groupBy(categories.id)
    .orderBy(categories.id);
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/** Every published article's slug and last change, for the sitemap. */
export async function listArticleSitemapEntries(now: Date = new Date(), tx: Executor = db): Promise<{ slug: string; updatedAt: Date }[]> {
  return tx.select({ slug: articles.slug, updatedAt: articles.updatedAt }).from(articles).where(isPublic(now)).orderBy(desc(articles.publishedAt));
}

/** Whether an article is public now (published and due): only those take comments. */
export async function isPublicArticle(id: number, now: Date = new Date(), tx: Executor = db): Promise<boolean> {
  const [row] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), isPublic(now)));
  return row !== undefined;
}

/** The id of the article with this slug, whatever its status. */
export async function getArticleIdBySlug(slug: string, tx: Executor = db): Promise<number | undefined> {
  const [row] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
  return row?.id;
}

/** Articles as the admin sees them (drafts and scheduled ones too), newest first; all, or those matching `where`. */
async function selectAdminArticles(where: SQL | undefined, tx: Executor): Promise<AdminArticle[]> {
  const rows = await tx
    .select({ article: articles, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map(({ article: a, category }) => ({
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    imageUrl: a.imageUrl,
    author: a.author,
    categoryId: a.categoryId,
    category,
    featured: a.featured,
    status: a.status,
    publishedAt: a.publishedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
}

/** Every article for the admin panel, newest first. */
export function listAdminArticles(tx: Executor = db): Promise<AdminArticle[]> {
  return selectAdminArticles(undefined, tx);
}

/** One article as the admin sees it, or undefined. */
export async function getAdminArticle(id: number, tx: Executor = db): Promise<AdminArticle | undefined> {
  const [article] = await selectAdminArticles(eq(articles.id, id), tx);
  return article;
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
  const rows = await tx.update(articles).set(changes).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** Deletes an article (its comments go with it); false when there was none. */
export async function deleteArticleById(id: number, tx: Executor = db): Promise<boolean> {
  const rows = await tx.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length > 0;
}
