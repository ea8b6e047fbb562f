import type { AdminArticle, Article } from '@/lib/wire/articles';
import { LEAD_IMAGE_ALT_MISSING, leadImageHasAlt, type ArticleCreate, type ArticleUpdate } from '@/lib/validation/article';
import type { SessionUser } from '@/server/auth/session';
import { writeTransaction } from '@/server/db';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, messages } from '@/server/errors';
import { sanitizeArticleHtml } from '@/server/html';
import { deleteArticleAutosave } from '@/server/queries/article-revisions';
import {
  deleteArticleById,
  getAdminArticle,
  getArticleBySlug,
  getArticleIdBySlug,
  updateArticleById,
  updateArticleIfUnchanged,
  type ArticleValues,
} from '@/server/queries/articles';
import { categoryExists } from '@/server/queries/categories';
import { authorForByline } from '@/server/services/articles/authors';
import { relateChangedArticles } from '@/server/services/articles/related';
import { storeNewArticle } from '@/server/services/articles/new-article';
import { getRevision, recordRevision, restorableContent } from '@/server/services/articles/revisions';
import { autosaveKey } from '@/server/services/articles/autosaves';
import { contentChanged } from '@/server/content-changes';
import { articleFacts } from '@/server/cache/tags';
import { can } from '@/lib/staff/permissions';
import type { Executor } from '@/server/db';
import { getAuthorById } from '@/server/queries/authors';
import { assertMayDelete, assertMayEdit, assertMaySave, publicationOf, type Publication } from '@/server/services/articles/access';
import { actorOf, audit } from '@/server/services/staff/audit';
import { assertFiguresFromData, bodyText, recordCitations } from '@/server/services/articles/citations';
import type { AuditAction } from '@/lib/staff/audit-actions';

/** The fields whose change can change what a search finds. */
const ARTICLE_TEXT = ['title', 'excerpt', 'content'] as const;

async function assertCategory(categoryId: number): Promise<void> {
  if (!(await categoryExists(categoryId))) throw new ValidationError({ categoryId: [messages.categoryRequired] });
}

const slugTaken = () => new ConflictError(messages.slugTaken, 'slug');
const staleSave = () => new ConflictError(messages.staleSave);

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

/** One article of any status, with its HTML (the editor's); with `user`, a 403 unless they may edit it. */
export async function getArticleForAdmin(id: number, user?: SessionUser): Promise<AdminArticle> {
  const article = await getAdminArticle(id);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  if (user) assertMayEdit(user, article);
  return article;
}

/** The audit entry of a save that changed where an article stands for readers, if it did. */
const PUBLICATION_ACTIONS: Record<Publication, AuditAction> = {
  live: 'article_published',
  scheduled: 'article_scheduled',
  draft: 'article_unpublished',
};

async function auditPublication(user: SessionUser, before: Publication | undefined, article: AdminArticle, tx: Executor): Promise<void> {
  const after = publicationOf(article);
  if (after === (before ?? 'draft')) return;
  await audit(actorOf(user), PUBLICATION_ACTIONS[after], { type: 'article', id: article.id, summary: article.title }, undefined, tx);
}

/**
 * The byline a save may set: anyone's for editors; an author's or contributor's own record
 * always (their articles are theirs), whatever the save names.
 */
async function bylineFor(user: SessionUser, requested: string | undefined): Promise<string | undefined> {
  if (can(user.role, 'editAllArticles')) return requested;
  const own = user.authorId === null ? undefined : await getAuthorById(user.authorId);
  if (!own) throw new ForbiddenError(messages.notYourArticle);
  return own.name;
}

/** One published article, with its HTML (the public API's). */
export async function getPublishedArticle(slug: string): Promise<Article> {
  const article = await getArticleBySlug(slug);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/**
 * Creates an article; its HTML is sanitized (its cited figures checked against the data and
 * recorded as its citations), its byline names an author record (created for a
 * new name), its first revision is kept, and cached pages are invalidated at once.
 */
export async function createArticle(input: ArticleCreate, user: SessionUser): Promise<AdminArticle> {
  const now = new Date();
  assertMaySave(user, undefined, { status: input.status, publishedAt: (input.publishedAt ?? now).toISOString() });
  await assertCategory(input.categoryId);
  await assertSlugFree(input.slug);
  const content = sanitizeArticleHtml(input.content);
  await assertFiguresFromData(content, undefined);
  const author = await authorForByline((await bylineFor(user, input.author)) ?? input.author);
  let article: AdminArticle;
  try {
    article = await writeTransaction(async (tx) => {
      const { publishedAt, ...fields } = input;
      const created = await storeNewArticle(user, { ...fields, publishedAt: publishedAt ?? now }, { content, author, now }, tx);
      await deleteArticleAutosave(user.userId, autosaveKey(undefined), tx);
      await auditPublication(user, undefined, created, tx);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await relateChangedArticles([article.id]);
  await contentChanged({ entity: 'article', id: article.id, action: 'created' }, { kind: 'article', after: articleFacts(article) });
  return article;
}

/**
 * Updates the given fields of an article and keeps the result as a revision. With
 * `expectedUpdatedAt`, only if nobody saved the article since (else a 409 the editor can
 * act on: reload, or save again without the check to overwrite).
 */
export async function updateArticle(
  id: number,
  input: ArticleUpdate,
  user: SessionUser,
  action: 'updated' | 'restored' = 'updated',
): Promise<AdminArticle> {
  const before = await getArticleForAdmin(id);
  assertMaySave(user, before, {
    status: input.status ?? before.status,
    publishedAt: input.publishedAt === undefined ? before.publishedAt : input.publishedAt.toISOString(),
  });
  const expected = input.expectedUpdatedAt === undefined ? undefined : new Date(input.expectedUpdatedAt);
  if (expected && expected.getTime() !== new Date(before.updatedAt).getTime()) throw staleSave();
  if ((input.imageUrl !== undefined || input.imageAlt !== undefined) && !leadImageHasAlt({ ...before, ...input })) {
    throw new ValidationError({ imageAlt: [LEAD_IMAGE_ALT_MISSING] });
  }
  if (input.categoryId !== undefined) await assertCategory(input.categoryId);
  if (input.slug !== undefined) await assertSlugFree(input.slug, id);
  const content = input.content === undefined ? undefined : sanitizeArticleHtml(input.content);
  if (content !== undefined) await assertFiguresFromData(content, before.content);
  const byline = input.author === undefined ? undefined : await bylineFor(user, input.author);
  const author = byline === undefined ? undefined : await authorForByline(byline);
  const becomes = publicationOf({
    status: input.status ?? before.status,
    publishedAt: (input.publishedAt ?? new Date(before.publishedAt)).toISOString(),
  });
  const changes = {
    // The fields sent; an absent one stays as it is (`expectedUpdatedAt` is no field).
    ...(Object.fromEntries(
      Object.entries(input).filter(([name, value]) => value !== undefined && name !== 'expectedUpdatedAt'),
    ) as Partial<ArticleValues>),
    ...(content !== undefined && { content, contentText: bodyText(content) }),
    ...(author !== undefined && { author: author.name, authorId: author.id }),
    // Never the same instant as the version it replaces: that instant is what a stale save names.
    updatedAt: new Date(Math.max(Date.now(), new Date(before.updatedAt).getTime() + 1)),
    // Published or scheduled, a draft leaves the review queue.
    ...(becomes !== 'draft' && before.reviewState !== null && { reviewState: null }),
  };
  let article: AdminArticle;
  try {
    article = await writeTransaction(async (tx) => {
      const written = expected ? await updateArticleIfUnchanged(id, expected, changes, tx) : await updateArticleById(id, changes, tx);
      if (!written) throw (await getAdminArticle(id, tx)) ? staleSave() : new NotFoundError(messages.articleNotFound);
      if (content !== undefined) await recordCitations(id, content, tx);
      const after = await getAdminArticle(id, tx);
      if (!after) throw new NotFoundError(messages.articleNotFound);
      await recordRevision(user, action, before, after, tx);
      await deleteArticleAutosave(user.userId, autosaveKey(id), tx);
      await auditPublication(user, publicationOf(before), after, tx);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  await relateChangedArticles([id]);
  await contentChanged(
    { entity: 'article', id, action: 'updated' },
    { kind: 'article', before: articleFacts(before), after: articleFacts(article), textChanged: ARTICLE_TEXT.some((f) => before[f] !== article[f]) },
  );
  return article;
}

/**
 * Puts a revision's content back (title, text, image, byline, topic, search fields), kept as a
 * new revision; the article's publication state (address, status, publish time, featured) stays
 * as it is now, so a live article stays live.
 */
export async function restoreArticleRevision(
  id: number,
  revisionId: number,
  user: SessionUser,
  expectedUpdatedAt: string | undefined,
): Promise<AdminArticle> {
  await getArticleForAdmin(id, user);
  // A revision kept before a field existed lacks it: that field stays as it is.
  const { snapshot } = await getRevision(id, revisionId);
  if (snapshot.categoryId !== undefined && !(await categoryExists(snapshot.categoryId)))
    throw new ValidationError({ categoryId: [messages.revisionCategoryGone] });
  return updateArticle(id, { ...restorableContent(snapshot), ...(expectedUpdatedAt !== undefined && { expectedUpdatedAt }) }, user, 'restored');
}

/** Deletes an article and its comments, if the person may (editors any; authors their own; contributors their own drafts). */
export async function deleteArticle(id: number, user: SessionUser): Promise<void> {
  const before = await getAdminArticle(id);
  if (!before) throw new NotFoundError(messages.articleNotFound);
  assertMayDelete(user, before);
  const deleted = await writeTransaction(async (tx) => {
    if (!(await deleteArticleById(id, tx))) return false;
    await audit(actorOf(user), 'article_deleted', { type: 'article', id, summary: before.title }, undefined, tx);
    return true;
  });
  if (!deleted) throw new NotFoundError(messages.articleNotFound);
  await contentChanged({ entity: 'article', id, action: 'deleted' }, { kind: 'article', before: articleFacts(before) });
}
