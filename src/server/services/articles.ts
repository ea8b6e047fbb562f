import { desc, eq, type SQL } from 'drizzle-orm';
import { articles, categories } from '@db/schema';
import type { AdminArticle } from '@/lib/types';
import type { ArticleCreate, ArticleUpdate } from '@/lib/validation/article';
import { getDb } from '@/server/db';
import { ConflictError, NotFoundError, ValidationError, messages } from '@/server/errors';
import { htmlToText, sanitizeArticleHtml } from '@/server/html';
import { contentChanged } from './publish';

async function assertCategory(categoryId: number): Promise<void> {
  const [row] = await (await getDb()).select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw new ValidationError({ categoryId: ['Please choose a category'] });
}

const slugTaken = () => new ConflictError('An article with this slug already exists', 'slug');

async function assertSlugFree(slug: string, exceptId?: number): Promise<void> {
  const [row] = await (await getDb()).select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
  if (row && row.id !== exceptId) throw slugTaken();
}

/** SQLite's unique-constraint error, for the race between the check and the write. */
function isUniqueViolation(error: unknown): boolean {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const text = `${error instanceof Error ? error.message : ''} ${cause instanceof Error ? cause.message : ''}`;
  return /UNIQUE constraint failed: articles\.slug/.test(text);
}

/** Articles as the admin sees them, newest first; all of them, or those matching `where`. */
async function selectAdminArticles(where?: SQL): Promise<AdminArticle[]> {
  const query = (await getDb())
    .select({ article: articles, category: { id: categories.id, name: categories.name, slug: categories.slug } })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  const rows = await query;
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

/** Every article, newest first, for the admin panel. */
export function listAllArticles(): Promise<AdminArticle[]> {
  return selectAdminArticles();
}

async function getAdminArticle(id: number): Promise<AdminArticle> {
  const [article] = await selectAdminArticles(eq(articles.id, id));
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/** Creates an article; its HTML is sanitised, and cached pages are invalidated at once. */
export async function createArticle(input: ArticleCreate): Promise<AdminArticle> {
  await assertCategory(input.categoryId);
  await assertSlugFree(input.slug);
  const content = sanitizeArticleHtml(input.content);
  const now = new Date();
  let id: number;
  try {
    const [row] = await (
      await getDb()
    )
      .insert(articles)
      .values({
        slug: input.slug,
        title: input.title,
        excerpt: input.excerpt,
        content,
        contentText: htmlToText(content),
        imageUrl: input.imageUrl ?? null,
        author: input.author,
        categoryId: input.categoryId,
        featured: input.featured,
        status: input.status,
        publishedAt: input.publishedAt ?? now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: articles.id });
    if (!row) throw new Error('The article was not stored.');
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await contentChanged({ entity: 'article', id, action: 'created' });
  return getAdminArticle(id);
}

/** Updates the given fields of an article. */
export async function updateArticle(id: number, input: ArticleUpdate): Promise<AdminArticle> {
  await getAdminArticle(id);
  if (input.categoryId !== undefined) await assertCategory(input.categoryId);
  if (input.slug !== undefined) await assertSlugFree(input.slug, id);
  const content = input.content === undefined ? undefined : sanitizeArticleHtml(input.content);
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
    ...(content !== undefined && { content, contentText: htmlToText(content) }),
    ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
    ...(input.author !== undefined && { author: input.author }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.featured !== undefined && { featured: input.featured }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.publishedAt !== undefined && { publishedAt: input.publishedAt }),
    updatedAt: new Date(),
  };
  try {
    await (await getDb()).update(articles).set(changes).where(eq(articles.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await contentChanged({ entity: 'article', id, action: 'updated' });
  return getAdminArticle(id);
}

/** Deletes an article and its comments. */
export async function deleteArticle(id: number): Promise<void> {
  const deleted = await (await getDb()).delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (deleted.length === 0) throw new NotFoundError(messages.articleNotFound);
  await contentChanged({ entity: 'article', id, action: 'deleted' });
}
