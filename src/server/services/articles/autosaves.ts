import type { ArticleAutosave } from '@/lib/wire/articles';
import type { ArticleAutosaveInput } from '@/lib/validation/article-autosave';
import type { SessionUser } from '@/server/auth/session';
import { NotFoundError, messages } from '@/server/errors';
import { sanitizeArticleHtml } from '@/server/html';
import { deleteArticleAutosave, getArticleAutosave, upsertArticleAutosave } from '@/server/queries/article-revisions';
import { getAdminArticle } from '@/server/queries/articles';
import { assertMayEdit } from '@/server/services/articles/access';

/** Where a user's autosave of an article (or of the article not yet created) is kept. */
export function autosaveKey(articleId: number | undefined): string {
  return articleId === undefined ? 'new' : `article:${articleId}`;
}

/**
 * The article an autosave belongs to (`new` for none), or a 404; a 403 for an article the
 * person may not edit (an author's or contributor's autosave is of their own articles only,
 * and its `stale` answer would otherwise tell them when anyone's draft was last saved).
 */
async function autosaveArticle(key: string, user: SessionUser): Promise<number | undefined> {
  if (key === 'new') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(key)) throw new NotFoundError(messages.articleNotFound);
  const id = Number(key);
  const article = await getAdminArticle(id);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  assertMayEdit(user, article);
  return id;
}

/**
 * Keeps the open editor's form for this user, overwriting the previous autosave. Answers
 * when it was kept and whether the article was saved (elsewhere) since the editor opened
 * it, so a second tab learns of it before it overwrites anything.
 */
export async function saveAutosave(user: SessionUser, key: string, input: ArticleAutosaveInput): Promise<{ savedAt: string; stale: boolean }> {
  const articleId = await autosaveArticle(key, user);
  const savedAt = new Date();
  const values = { ...input.values, ...(typeof input.values.content === 'string' && { content: sanitizeArticleHtml(input.values.content) }) };
  await upsertArticleAutosave({
    userId: user.userId,
    draftKey: autosaveKey(articleId),
    articleId: articleId ?? null,
    baseUpdatedAt: input.baseUpdatedAt ? new Date(input.baseUpdatedAt) : null,
    data: JSON.stringify(values),
    savedAt,
  });
  const current = articleId === undefined ? undefined : await getAdminArticle(articleId);
  const stale = Boolean(current && input.baseUpdatedAt && new Date(current.updatedAt).getTime() > new Date(input.baseUpdatedAt).getTime());
  return { savedAt: savedAt.toISOString(), stale };
}

/** This user's autosave of the article (or of the new one), or null. */
export async function getAutosave(user: SessionUser, key: string): Promise<ArticleAutosave | null> {
  const articleId = await autosaveArticle(key, user);
  const row = await getArticleAutosave(user.userId, autosaveKey(articleId));
  if (!row) return null;
  return {
    articleId: row.articleId,
    baseUpdatedAt: row.baseUpdatedAt?.toISOString() ?? null,
    values: JSON.parse(row.data) as Record<string, unknown>,
    savedAt: row.savedAt.toISOString(),
  };
}

/** Drops this user's autosave of the article (the editor discarded it). */
export async function discardAutosave(user: SessionUser, key: string): Promise<void> {
  await deleteArticleAutosave(user.userId, autosaveKey(key === 'new' ? undefined : await autosaveArticle(key, user)));
}
