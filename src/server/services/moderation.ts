import { asc, desc, eq } from 'drizzle-orm';
import { articles, comments, contactMessages } from '@db/schema';
import { getDb } from '@/server/db';
import type { AdminMessage, ModerationComment } from '@/lib/types';
import { NotFoundError } from '@/server/errors';

/** Every comment, pending first, then newest first. */
export async function listCommentsForModeration(): Promise<ModerationComment[]> {
  const rows = await (
    await getDb()
  )
    .select({ comment: comments, articleTitle: articles.title, articleSlug: articles.slug })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .orderBy(asc(comments.approved), desc(comments.createdAt), desc(comments.id));
  return rows.map(({ comment: c, articleTitle, articleSlug }) => ({
    id: c.id,
    articleId: c.articleId,
    articleTitle,
    articleSlug,
    authorName: c.authorName,
    authorEmail: c.authorEmail,
    content: c.content,
    approved: c.approved,
    createdAt: c.createdAt.toISOString(),
  }));
}

export async function approveComment(id: number): Promise<void> {
  const updated = await (await getDb()).update(comments).set({ approved: true }).where(eq(comments.id, id)).returning({ id: comments.id });
  if (updated.length === 0) throw new NotFoundError('Comment not found');
}

export async function deleteComment(id: number): Promise<void> {
  const deleted = await (await getDb()).delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  if (deleted.length === 0) throw new NotFoundError('Comment not found');
}

/** Contact messages, newest first (CONTRACT 2.9). */
export async function listMessages(): Promise<AdminMessage[]> {
  const rows = await (await getDb()).select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

export async function setMessageHandled(id: number, handled: boolean): Promise<void> {
  const updated = await (
    await getDb()
  )
    .update(contactMessages)
    .set({ handled })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) throw new NotFoundError('Message not found');
}

export async function deleteMessage(id: number): Promise<void> {
  const deleted = await (await getDb()).delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  if (deleted.length === 0) throw new NotFoundError('Message not found');
}
