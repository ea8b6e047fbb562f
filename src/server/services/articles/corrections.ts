import { ADMIN_PAGE_SIZE, type AdminCorrectionListQuery } from '@/lib/validation/admin-lists';
import type { CorrectionInput } from '@/lib/validation/correction';
import type { AdminPage } from '@/lib/wire/common';
import type { Correction, ListedCorrection, PublicCorrection } from '@/lib/wire/corrections';
import type { SessionUser } from '@/server/auth/session';
import { showsArticles, showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { cachedForContent } from '@/server/content-version';
import { writeTransaction, type Executor } from '@/server/db';
import { ConflictError, NotFoundError, messages } from '@/server/errors';
import { getAdminArticle, isPublicArticle } from '@/server/queries/articles';
import {
  countArticleCorrections,
  countPublicCorrections,
  deleteCorrection,
  getCorrection,
  insertCorrection,
  listArticleCorrections,
  listCorrectionsOf,
  listPublicCorrections,
  updateCorrectionText,
} from '@/server/queries/corrections';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { contentChanged } from '@/server/content-changes';
import { actorOf, audit } from '@/server/services/staff/audit';

/** The newest corrections an article's page and feed item show (an article has a few at most). */
export const CORRECTIONS_SHOWN = 50;

/** Corrections per page of `/corrections`. */
export const CORRECTIONS_PAGE_SIZE = 20;

async function assertArticle(articleId: number): Promise<{ title: string }> {
  const article = await getAdminArticle(articleId);
  if (!article) throw new NotFoundError(messages.articleNotFound);
  return article;
}

/** What the audit trail says of a correction: its article's title and its text. */
const summaryOf = (title: string, text: string) => `${title}: ${text}`;

async function correctionOf(articleId: number, id: number): Promise<Correction> {
  const correction = await getCorrection(articleId, id);
  if (!correction) throw new NotFoundError(messages.correctionNotFound);
  return correction;
}

/**
 * A correction changed: the pages that show the article's corrections (its page, its feed
 * items, the corrections page) render again, and REBUILD_HOOK_URL hears that the article changed.
 */
const corrected = (articleId: number) => contentChanged({ entity: 'article', id: articleId, action: 'updated' }, { kind: 'correction', articleId });

/** A page of an article's corrections for the editor: 50, newest first, with the total; 404 for an unknown article. */
export async function listCorrectionsForAdmin(articleId: number, query: AdminCorrectionListQuery): Promise<AdminPage<Correction>> {
  await assertArticle(articleId);
  const [items, total] = await Promise.all([
    listArticleCorrections(articleId, ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    countArticleCorrections(articleId),
  ]);
  return adminPage(items, query.page, total, false);
}

/**
 * Adds a correction, dated now, to a published article (a draft or a scheduled article is
 * edited instead: 409). The article's page, its feed items and the corrections page show it
 * at once. `within` runs in the transaction that adds it, with its id (what it came from keeps
 * it; throwing there adds nothing).
 */
export async function addCorrection(
  articleId: number,
  input: CorrectionInput,
  user: SessionUser,
  within?: (correctionId: number, tx: Executor) => Promise<void>,
): Promise<Correction> {
  const article = await assertArticle(articleId);
  if (!(await isPublicArticle(articleId))) throw new ConflictError(messages.correctionNeedsPublishedArticle);
  const id = await writeTransaction(async (tx) => {
    const added = await insertCorrection({ articleId, text: input.text, createdBy: user.userId, createdAt: new Date() }, tx);
    await within?.(added, tx);
    await audit(actorOf(user), 'correction_added', { type: 'article', id: articleId, summary: summaryOf(article.title, input.text) }, undefined, tx);
    return added;
  });
  await corrected(articleId);
  return correctionOf(articleId, id);
}

/** Changes a correction's text; its date stays. Recorded in the audit trail with the new text. */
export async function changeCorrection(articleId: number, id: number, input: CorrectionInput, user: SessionUser): Promise<Correction> {
  const article = await assertArticle(articleId);
  const changed = await writeTransaction(async (tx) => {
    if (!(await updateCorrectionText(articleId, id, input.text, tx))) return false;
    await audit(
      actorOf(user),
      'correction_changed',
      { type: 'article', id: articleId, summary: summaryOf(article.title, input.text) },
      undefined,
      tx,
    );
    return true;
  });
  if (!changed) throw new NotFoundError(messages.correctionNotFound);
  await corrected(articleId);
  return correctionOf(articleId, id);
}

/** Deletes a correction. Recorded in the audit trail with the text it had. */
export async function removeCorrection(articleId: number, id: number, user: SessionUser): Promise<void> {
  const article = await assertArticle(articleId);
  const removed = await writeTransaction(async (tx) => {
    const row = await deleteCorrection(articleId, id, tx);
    if (!row) return false;
    await audit(actorOf(user), 'correction_deleted', { type: 'article', id: articleId, summary: summaryOf(article.title, row.text) }, undefined, tx);
    return true;
  });
  if (!removed) throw new NotFoundError(messages.correctionNotFound);
  await corrected(articleId);
}

/**
 * The corrections of these articles that their pages and feed items show (the newest
 * `CORRECTIONS_SHOWN` each, newest first), by article id; the page being rendered notes that it
 * shows them.
 */
export async function correctionsShownWith(articleIds: readonly number[]): Promise<Map<number, PublicCorrection[]>> {
  showsTags(...articleIds.map(tag.corrections));
  const byArticle = new Map<number, PublicCorrection[]>(articleIds.map((id) => [id, []]));
  for (const { articleId, ...correction } of await listCorrectionsOf(articleIds, CORRECTIONS_SHOWN)) byArticle.get(articleId)?.push(correction);
  return byArticle;
}

/** One page of `/corrections`: the corrections of public articles, newest first, each with its article, and the page count. */
export async function getCorrectionsPage(page: number): Promise<{ items: ListedCorrection[]; total: number; pageCount: number }> {
  // Which articles are public decides what it lists and counts: a story published or withdrawn renews it.
  showsTags(tag.correctionList, tag.everyArticle);
  const [items, total] = await Promise.all([
    listPublicCorrections(CORRECTIONS_PAGE_SIZE, (page - 1) * CORRECTIONS_PAGE_SIZE),
    cachedForContent('corrections|count', () => countPublicCorrections()),
  ]);
  showsArticles(items.map((c) => c.article));
  return { items, total, pageCount: Math.max(1, Math.ceil(total / CORRECTIONS_PAGE_SIZE)) };
}
