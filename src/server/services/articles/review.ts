// Review before publishing: a writer submits a draft (it joins the editors' queue, the
// articles list's `review` status, and the editors' notice); an editor publishes or schedules
// it with an ordinary save, or returns it with a note. Notes are for staff only and are kept
// beside the article's revisions.
import type { ReviewAction } from '@/lib/validation/staff';
import type { ArticleNote } from '@/lib/wire/staff';
import type { SessionUser } from '@/server/auth/session';
import { assertCan } from '@/server/auth/guard';
import { writeTransaction } from '@/server/db';
import { BadRequestError, ConflictError, messages } from '@/server/errors';
import { insertArticleNote, listArticleNotes, setReviewState, type ArticleNoteRow } from '@/server/queries/article-notes';
import { getArticleForAdmin } from '@/server/services/articles/articles';
import { actorOf, audit } from '@/server/services/staff/audit';

/** The notes an article's panel shows (newest first). */
const NOTES_SHOWN = 200;

const noteOf = (row: ArticleNoteRow): ArticleNote => ({ ...row, createdAt: row.createdAt.toISOString() });

/** An article's editorial notes, for whoever may edit it. */
export async function listNotes(articleId: number, user: SessionUser): Promise<ArticleNote[]> {
  await getArticleForAdmin(articleId, user);
  return (await listArticleNotes(articleId, NOTES_SHOWN)).map(noteOf);
}

/** Adds a note to an article the person may edit. */
export async function addNote(articleId: number, body: string, user: SessionUser): Promise<ArticleNote> {
  await getArticleForAdmin(articleId, user);
  return noteOf(await insertArticleNote({ articleId, userId: user.userId, username: user.displayName, kind: 'note', body }));
}

/**
 * `submit`: the writer (or anyone who may edit it) puts a draft in the editors' queue, with an
 * optional note. `return`: an editor sends a submitted draft back, with a note saying what to
 * change. Each is kept as a note and in the audit trail.
 */
export async function reviewArticle(articleId: number, input: ReviewAction, user: SessionUser): Promise<ArticleNote> {
  const article = await getArticleForAdmin(articleId, user);
  if (input.action === 'return') {
    assertCan(user, 'editAllArticles');
    if (article.reviewState !== 'submitted') throw new ConflictError(messages.reviewNotSubmitted);
    if (!input.note) throw new BadRequestError(messages.returnNeedsNote, { note: [messages.returnNeedsNote] });
  } else if (article.status !== 'draft') throw new ConflictError(messages.reviewNotDraft);
  const state = input.action === 'submit' ? 'submitted' : 'returned';
  return writeTransaction(async (tx) => {
    await setReviewState(articleId, state, tx);
    const note = await insertArticleNote({ articleId, userId: user.userId, username: user.displayName, kind: state, body: input.note }, tx);
    await audit(
      actorOf(user),
      input.action === 'submit' ? 'article_submitted' : 'article_returned',
      { type: 'article', id: articleId, summary: article.title },
      undefined,
      tx,
    );
    return noteOf(note);
  });
}
