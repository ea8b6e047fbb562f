import type { AdminArticle, Article } from '@/lib/types';
import type { ArticleCreate, ArticleUpdate } from '@/lib/validation/article';
import { ConflictError, NotFoundError, ValidationError, messages } from '@/server/errors';
import { htmlToText, sanitizeArticleHtml } from '@/server/html';
import {
  deleteArticleById,
  getAdminArticle,
  getArticleBySlug,
  getArticleIdBySlug,
  insertArticle,
  updateArticleById,
} from '@/server/queries/articles';
import { categoryExists } from '@/server/queries/categories';
import { authorForByline } from '@/server/services/authors';
import { contentChanged } from '@/server/services/publish';

async function assertCategory(categoryId: number): Promise<void> {
  if (!(await categoryExists(categoryId))) throw new ValidationError({ categoryId: [messages.categoryRequired] });
}

const slugTaken = () => new ConflictError(messages.slugTaken, 'slug');

async function assertSlugFree(slug: string, exceptId?: number): Promise<void> {
  const owner = await getArticleIdBySlug(slug);
  if (owner !== undefined && owner !== exceptId) throw slugTaken();
}

/** SQLite's unique-constraint error, for the race between the check and the write. */
function isUniqueViolation(error: unknown): boolean {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const text = `${error instanceof Error ? error.message : ''} ${cause instanceof Error ? cause.message : ''}`;
  return /UNIQUE constraint failed: articles\.slug/.test(text);
}

/** One article of any status, with its HTML (the editor's). */
export async function getArticleForAdmin(id: number): Promise<AdminArticle> {
  const article = await getAdminArticle(id);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/** One published article, with its HTML (the public API's). */
export async function getPublishedArticle(slug: string): Promise<Article> {
  const article = await getArticleBySlug(slug);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/**
 * Creates an article; its HTML is sanitized, its byline names an author record (created for a
 * new name), and cached pages are invalidated at once.
 */
export async function createArticle(input: ArticleCreate): Promise<AdminArticle> {
  await assertCategory(input.categoryId);
  await assertSlugFree(input.slug);
  const content = sanitizeArticleHtml(input.content);
  const author = await authorForByline(input.author);
  const now = new Date();
  let id: number;
  try {
    id = await insertArticle({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt,
      content,
      contentText: htmlToText(content),
      imageUrl: input.imageUrl ?? null,
      author: author.name,
      authorId: author.id,
      categoryId: input.categoryId,
      featured: input.featured,
      status: input.status,
      publishedAt: input.publishedAt ?? now,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await contentChanged({ entity: 'article', id, action: 'created' });
  return getArticleForAdmin(id);
}

/** Updates the given fields of an article. */
export async function updateArticle(id: number, input: ArticleUpdate): Promise<AdminArticle> {
  await getArticleForAdmin(id);
  if (input.categoryId !== undefined) await assertCategory(input.categoryId);
  if (input.slug !== undefined) await assertSlugFree(input.slug, id);
  const content = input.content === undefined ? undefined : sanitizeArticleHtml(input.content);
  const author = input.author === undefined ? undefined : await authorForByline(input.author);
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
    ...(content !== undefined && { content, contentText: htmlToText(content) }),
    ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
    ...(author !== undefined && { author: author.name, authorId: author.id }),
    ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
    ...(input.featured !== undefined && { featured: input.featured }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.publishedAt !== undefined && { publishedAt: input.publishedAt }),
    updatedAt: new Date(),
  };
  try {
    if (!(await updateArticleById(id, changes))) throw new NotFoundError(messages.articleNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await contentChanged({ entity: 'article', id, action: 'updated' });
  return getArticleForAdmin(id);
}

/** Deletes an article and its comments. */
export async function deleteArticle(id: number): Promise<void> {
  if (!(await deleteArticleById(id))) throw new NotFoundError(messages.articleNotFound);
  await contentChanged({ entity: 'article', id, action: 'deleted' });
}
