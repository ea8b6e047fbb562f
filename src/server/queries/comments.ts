import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { articles, comments } from '@db/schema';
import type { ModerationComment, PublicComment } from '@/lib/wire/comments';
import { db, type Executor } from '@/server/db';
import { countRows, deleteByIds, inIdOrder, pageIds, updateByIds, type ListPage } from '@/server/queries/pages';
import { asWire, columnsOf } from '@/server/queries/rows';

/** A comment as readers see it (`PublicComment`): named columns only, so no e-mail can slip through. */
const publicColumns = columnsOf(comments, ['id', 'articleId', 'authorName', 'content', 'approved', 'createdAt']);

/** A comment as the moderators see it (`ModerationComment`): with its author's e-mail and its article. */
const moderationColumns = {
  ...publicColumns,
  authorEmail: comments.authorEmail,
  articleTitle: articles.title,
  articleSlug: articles.slug,
};

/**
 * A page of an article's approved comments, without e-mail addresses: the newest `limit`
 * older than the comment `before` (or the newest of all), answered oldest first. Served
 * by the (article, approved, time) index.
 */
export async function listApprovedComments(
  articleId: number,
  options: { limit: number; before?: number | undefined },
  tx: Executor = db,
): Promise<PublicComment[]> {
  const conditions = [eq(comments.articleId, articleId), eq(comments.approved, true)];
  if (options.before !== undefined) {
    const [cursor] = await tx.select({ createdAt: comments.createdAt }).from(comments).where(eq(comments.id, options.before));
    if (!cursor) return [];
    conditions.push(
      or(lt(comments.createdAt, cursor.createdAt), and(eq(comments.createdAt, cursor.createdAt), lt(comments.id, options.before))) as SQL,
    );
  }
  const rows = await tx
    .select(publicColumns)
    .from(comments)
    .where(and(...conditions))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(options.limit);
  return rows.reverse().map(asWire);
}

/** How many approved comments an article has (from the index, no comment rows read). */
export async function countApprovedComments(articleId: number, tx: Executor = db): Promise<number> {
  return countRows(tx, comments, and(eq(comments.articleId, articleId), eq(comments.approved, true)));
}

/**
 * Stores a pending comment on an article only while the article is public (published and
 * due at `createdAt`), in one statement: the check and the write need no round trip between
 * them. Answers the stored comment, or undefined when the article is not public.
 */
export async function insertCommentOnPublicArticle(
  values: { articleId: number; authorName: string; authorEmail: string; content: string; approved: boolean; createdAt: Date },
  tx: Executor = db,
): Promise<PublicComment | undefined> {
  const [row] = await tx.all<{ id: number; articleId: number; authorName: string; content: string; approved: number; createdAt: number }>(sql`
    INSERT INTO comments (article_id, author_name, author_email, content, approved, created_at)
    SELECT id, ${values.authorName}, ${values.authorEmail}, ${values.content}, ${values.approved ? 1 : 0}, ${values.createdAt.getTime()}
    FROM articles
    WHERE id = ${values.articleId} AND status = 'published' AND published_at <= ${values.createdAt.getTime()}
    RETURNING id, article_id AS articleId, author_name AS authorName, content, approved, created_at AS createdAt`);
  return row && { ...row, approved: row.approved === 1, createdAt: new Date(row.createdAt).toISOString() };
}

/** Characters of a comment a moderation list row carries; the full text is one request away. */
export const COMMENT_PREVIEW_CHARS = 400;

/** Which comments the moderation list shows. */
export interface ModerationFilter {
  q?: string | undefined;
  status: 'all' | 'pending' | 'approved';
  articleId?: number | undefined;
}

function moderationConditions(filter: ModerationFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status !== 'all') conditions.push(eq(comments.approved, filter.status === 'approved'));
  if (filter.articleId !== undefined) conditions.push(eq(comments.articleId, filter.articleId));
  return conditions;
}

/** Visitor text as an FTS5 query over comments: every word a quoted prefix term. */
function commentFtsQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  return words.length > 0 ? words.map((w) => `"${w}"*`).join(' ') : undefined;
}

/**
 * A page of the moderation list, newest or oldest first, each row with its article and the
 * first part of its text. Served by the (approved, time), (time) or (article, approved,
 * time) index, or driven by the comments' full-text index when searching.
 */
export async function listModerationComments(page: ListPage<ModerationFilter, 'newest' | 'oldest'>, tx: Executor = db): Promise<ModerationComment[]> {
  const { filter, sort, limit, offset } = page;
  const fts = filter.q ? commentFtsQuery(filter.q) : undefined;
  if (filter.q && !fts) return [];
  const order = sort === 'oldest' ? [comments.createdAt, comments.id] : [desc(comments.createdAt), desc(comments.id)];
  // A search runs in the full-text index's own order (by id, the order comments arrived), so
  // a page of a common word is found without reading and sorting every match.
  const search = fts
    ? sql`select ${comments.id} as id from comments_fts CROSS JOIN ${comments} ON ${comments.id} = comments_fts.rowid
        where ${and(sql`comments_fts MATCH ${fts}`, ...moderationConditions(filter))}
        order by comments_fts.rowid ${sort === 'oldest' ? sql`asc` : sql`desc`} limit ${limit} offset ${offset}`
    : undefined;
  const ids = await pageIds(tx, { table: comments, id: comments.id, where: and(...moderationConditions(filter)), order, limit, offset }, search);
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ ...moderationColumns, content: sql<string>`substr(${comments.content}, 1, ${COMMENT_PREVIEW_CHARS + 1})` })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .where(inArray(comments.id, ids));
  return inIdOrder(ids, rows).map((r) => ({
    ...asWire(r),
    content: r.content.slice(0, COMMENT_PREVIEW_CHARS),
    truncated: r.content.length > COMMENT_PREVIEW_CHARS,
  }));
}

/** How many comments a moderation filter matches, when a running total cannot say (one article, or a search, counted up to `cap` + 1). */
export async function countModerationComments(filter: ModerationFilter, cap = Number.MAX_SAFE_INTEGER, tx: Executor = db): Promise<number> {
  const fts = filter.q ? commentFtsQuery(filter.q) : undefined;
  if (filter.q && !fts) return 0;
  if (fts) {
    // A search counts up to `cap` + 1 matches only.
    const [row] = await tx.all<{ n: number }>(
      sql`select count(*) as n from (select 1 from comments_fts CROSS JOIN ${comments} ON ${comments.id} = comments_fts.rowid
          where ${and(sql`comments_fts MATCH ${fts}`, ...moderationConditions(filter))} limit ${cap + 1})`,
    );
    return Number(row?.n ?? 0);
  }
  return countRows(tx, comments, and(...moderationConditions(filter)));
}

/** One comment as the admin sees it, in full. */
export async function getModerationComment(id: number, tx: Executor = db): Promise<ModerationComment | undefined> {
  const [row] = await tx.select(moderationColumns).from(comments).innerJoin(articles, eq(articles.id, comments.articleId)).where(eq(comments.id, id));
  return row && asWire(row);
}

/** Approves the given comments; answers how many there were. */
export async function approveCommentsByIds(ids: number[], tx: Executor = db): Promise<number> {
  return updateByIds(tx, comments, comments.id, ids, { approved: true });
}

/** Deletes the given comments; answers how many there were. */
export async function deleteCommentsByIds(ids: number[], tx: Executor = db): Promise<number> {
  return deleteByIds(tx, comments, comments.id, ids);
}

/**
 * Up to `limit` comments with ids above `afterId`, oldest first, with their article's title:
 * what the editors' notice looks through (it lists the pending ones). A range of the primary
 * key (ids grow in commit order).
 */
export function listCommentsAfter(afterId: number, limit: number, tx: Executor = db) {
  return tx
    .select({ ...columnsOf(comments, ['id', 'approved', 'authorName', 'content', 'createdAt']), articleTitle: articles.title })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .where(sql`${comments.id} > ${afterId}`)
    .orderBy(comments.id)
    .limit(limit);
}
