import type { AdminArticle } from '@/lib/wire/articles';
import type { Executor } from '@/server/db';
import { getAdminArticle, insertArticle, type ArticleValues } from '@/server/queries/articles';
import { bodyText, recordCitations } from '@/server/services/articles/citations';
import { recordRevision } from '@/server/services/articles/revisions';

/**
 * Stores a new article inside the caller's transaction, as every way of writing one does (the
 * newsroom's editor, the release desk's briefs): its sanitized body with the body's text and
 * citations, the byline's author record, its dates, and its first revision, kept as written by
 * `by`. Answers the article as stored.
 */
export async function storeNewArticle(
  by: Parameters<typeof recordRevision>[0],
  fields: Omit<ArticleValues, 'content' | 'contentText' | 'author' | 'authorId' | 'createdAt' | 'updatedAt'>,
  body: { content: string; author: { id: number; name: string }; now: Date },
  tx: Executor,
): Promise<AdminArticle> {
  const { content, author, now } = body;
  const id = await insertArticle(
    { ...fields, content, contentText: bodyText(content), author: author.name, authorId: author.id, createdAt: now, updatedAt: now },
    tx,
  );
  await recordCitations(id, content, tx);
  const created = await getAdminArticle(id, tx);
  if (!created) throw new Error('The article was not stored.');
  await recordRevision(by, 'created', undefined, created, tx);
  return created;
}
