import { and, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { articles, categories } from '@db/schema';
import type { Article, ArticleSummary, CategoryStat } from '@/lib/types';

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

/** Readers see only published articles whose publish time has come (CONTRACT 2.19). */
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
export async function listArticles(db: Db, options: ListArticlesOptions): Promise<{ items: ArticleSummary[]; total: number }> {
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
    db
      .select(summaryColumns)
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(where),
  ]);
  return { items: rows.map(toSummary), total: totals[0]?.n ?? 0 };
}

/** A published article by slug, or undefined. */
export async function getArticleBySlug(db: Db, slug: string, now: Date = new Date()): Promise<Article | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, content: articles.content })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.slug, slug), isPublic(now)))
    .limit(1);
  return row ? { ...toSummary(row), content: row.content } : undefined;
}

/** Newest published articles of the same category, excluding the article itself. */
export async function listRelatedArticles(db: Db, article: ArticleSummary, limit = 3, now: Date = new Date()): Promise<ArticleSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(isPublic(now), eq(articles.categoryId, article.categoryId), ne(articles.id, article.id)))
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Published article counts per category name, for every category (zero included). */
export async function countArticlesByCategory(db: Db, now: Date = new Date()): Promise<CategoryStat[]> {
  const rows = await db
    .select({ category: categories.name, count: sql<number>`count(${articles.id})` })
    .from(categories)
    .leftJoin(articles, and(eq(articles.categoryId, categories.id), isPublic(now)))
    .groupBy(categories.id)
    .orderBy(categories.id);
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/** Every published article's slug and last change, for the sitemap. */
export async function listArticleSitemapEntries(db: Db, now: Date = new Date()): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: articles.slug, updatedAt: articles.updatedAt }).from(articles).where(isPublic(now)).orderBy(desc(articles.publishedAt));
}
