// What a staff member may do to an article, beyond what their role's capabilities open
// (src/lib/staff/permissions.ts): editors and owners anything; authors and contributors only
// their own articles (the byline is their author record); contributors never publish,
// schedule, unpublish, or touch a published article.
import { can } from '@/lib/staff/permissions';
import type { AdminArticle } from '@/lib/wire/articles';
import type { SessionUser } from '@/server/auth/session';
import { ForbiddenError, messages } from '@/server/errors';

/** Where an article stands for readers: a draft, scheduled (published, time to come) or live. */
export type Publication = 'draft' | 'scheduled' | 'live';

export function publicationOf(article: Pick<AdminArticle, 'status' | 'publishedAt'>, now: Date = new Date()): Publication {
  if (article.status === 'draft') return 'draft';
  return new Date(article.publishedAt).getTime() > now.getTime() ? 'scheduled' : 'live';
}

/** Whether this person may see and edit this article at all. */
export function mayEdit(user: SessionUser, article: Pick<AdminArticle, 'authorId'>): boolean {
  return can(user.role, 'editAllArticles') || (user.authorId !== null && article.authorId === user.authorId);
}

/** A 403 unless the person may edit the article (their own, or any for editors). */
export function assertMayEdit(user: SessionUser, article: Pick<AdminArticle, 'authorId'>): void {
  if (!mayEdit(user, article)) throw new ForbiddenError(messages.notYourArticle);
}

/** Whether this person may publish (schedule, unpublish) an article they may edit. */
export const mayPublish = (user: SessionUser): boolean => can(user.role, 'publishOwnArticles');

/**
 * A 403 unless the save keeps within the role: `before` is the article as stored (none for a
 * new one), `after` what the save asks for. Without the right to publish, both must be drafts.
 */
export function assertMaySave(
  user: SessionUser,
  before: Pick<AdminArticle, 'authorId' | 'status' | 'publishedAt'> | undefined,
  after: Pick<AdminArticle, 'status' | 'publishedAt'>,
): void {
  if (before) assertMayEdit(user, before);
  if (mayPublish(user)) return;
  if ((before && before.status !== 'draft') || after.status !== 'draft') throw new ForbiddenError(messages.publishNotAllowed);
}

/** A 403 unless the person may delete the article: editors any; authors their own; contributors their own drafts. */
export function assertMayDelete(user: SessionUser, article: Pick<AdminArticle, 'authorId' | 'status'>): void {
  assertMayEdit(user, article);
  if (!mayPublish(user) && article.status !== 'draft') throw new ForbiddenError(messages.deletePublishedNotAllowed);
}

/** The admin list's author filter: everyone's for editors, one's own otherwise. */
export const ownArticlesFilter = (user: SessionUser): { authorId?: number | null } =>
  can(user.role, 'editAllArticles') ? {} : { authorId: user.authorId };
