import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { articleRevisions, articles, figureRevisionNotices, marketSeries, revisionWatches, users } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type RevisionNoticeValues = Omit<
  typeof figureRevisionNotices.$inferInsert,
  'id' | 'createdAt' | 'correctionId' | 'draftText' | 'draftedAt' | 'draftedBy' | 'draftedByName'
>;

/** Notices per statement: eight bound values each, well under SQLite's limit of bound parameters (32,766; a figure thousands of stories cite). */
const NOTICE_BATCH = 500;

/**
 * Writes notices, in the caller's transaction (a statement per 500, so all or none of them);
 * one already written (the same story, figure and revision) is left as it is. Answers the ids
 * written.
 */
export async function insertRevisionNotices(values: readonly RevisionNoticeValues[], tx: Executor): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += NOTICE_BATCH) {
    const rows = await tx
      .insert(figureRevisionNotices)
      .values(values.slice(i, i + NOTICE_BATCH))
      .onConflictDoNothing()
      .returning({ id: figureRevisionNotices.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** A notice with its story and series, as the panel and the mail show it. */
export interface RevisionNoticeDetail {
  id: number;
  articleId: number;
  articleSlug: string;
  articleTitle: string;
  authorId: number | null;
  seriesSlug: string;
  seriesName: string;
  unit: string;
  decimals: number;
  period: string;
  valueAsPublished: number;
  previousValue: number;
  value: number;
  revisedAt: Date;
  correctionId: number | null;
  /** The correction's draft once an editor opened it: its text, when and by whom. */
  draftText: string | null;
  draftedAt: Date | null;
  draftedByName: string | null;
}

function detailQuery(tx: Executor) {
  const n = figureRevisionNotices;
  return tx
    .select({
      id: n.id,
      articleId: n.articleId,
      articleSlug: articles.slug,
      articleTitle: articles.title,
      authorId: articles.authorId,
      seriesSlug: n.seriesSlug,
      seriesName: sql<string>`coalesce(${marketSeries.name}, ${n.seriesSlug})`,
      unit: sql<string>`coalesce(${marketSeries.unit}, '')`,
      decimals: sql<number>`coalesce(${marketSeries.decimals}, 2)`,
      period: n.period,
      valueAsPublished: n.valueAsPublished,
      previousValue: n.previousValue,
      value: n.value,
      revisedAt: n.revisedAt,
      correctionId: n.correctionId,
      draftText: n.draftText,
      draftedAt: n.draftedAt,
      draftedByName: n.draftedByName,
    })
    .from(n)
    .innerJoin(articles, eq(articles.id, n.articleId))
    .leftJoin(marketSeries, eq(marketSeries.slug, n.seriesSlug));
}

/** The notices after `afterId` in id order, at most `limit` (the mail's batch, from its watermark). */
export function listRevisionNoticesAfter(afterId: number, limit: number, tx: Executor = db): Promise<RevisionNoticeDetail[]> {
  return detailQuery(tx).where(gt(figureRevisionNotices.id, afterId)).orderBy(figureRevisionNotices.id).limit(limit);
}

/** Which notices the panel lists: every story's, or those of the stories under an author record (an author's own). */
export type NoticeScope = { all: true } | { authorId: number | null };

const scopeCondition = (scope: NoticeScope) =>
  'all' in scope ? undefined : scope.authorId === null ? sql`0` : eq(articles.authorId, scope.authorId);

/** A page of notices, newest first: those still without a correction (`open`) or all. */
export function listRevisionNoticesPage(
  scope: NoticeScope,
  open: boolean,
  page: { limit: number; offset: number },
  tx: Executor = db,
): Promise<RevisionNoticeDetail[]> {
  return detailQuery(tx)
    .where(and(open ? isNull(figureRevisionNotices.correctionId) : undefined, scopeCondition(scope)))
    .orderBy(desc(figureRevisionNotices.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRevisionNotices(scope: NoticeScope, open: boolean, tx: Executor = db): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(figureRevisionNotices)
    .innerJoin(articles, eq(articles.id, figureRevisionNotices.articleId))
    .where(and(open ? isNull(figureRevisionNotices.correctionId) : undefined, scopeCondition(scope)));
  return row?.n ?? 0;
}

export async function getRevisionNotice(id: number, tx: Executor = db): Promise<RevisionNoticeDetail | undefined> {
  const [row] = await detailQuery(tx).where(eq(figureRevisionNotices.id, id));
  return row;
}

/**
 * Some notices by id, in id order (those a watch just wrote, for the audit trail): lookups of the
 * key, the ids bound as one JSON array (however many thousand stories cite the figure, one
 * bound parameter).
 */
export function listRevisionNoticesById(ids: readonly number[], tx: Executor = db): Promise<RevisionNoticeDetail[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return detailQuery(tx)
    .where(sql`${figureRevisionNotices.id} in (select value from json_each(${JSON.stringify(ids)}))`)
    .orderBy(figureRevisionNotices.id);
}

/**
 * Writes the correction's draft of a notice, once: true when this call wrote it, false when an
 * editor opened it already (their draft stays) or a correction was published from it.
 */
export async function claimCorrectionDraft(
  id: number,
  draft: { text: string; at: Date; userId: number; name: string },
  tx: Executor,
): Promise<boolean> {
  const n = figureRevisionNotices;
  const rows = await tx
    .update(n)
    .set({ draftText: draft.text, draftedAt: draft.at, draftedBy: draft.userId, draftedByName: draft.name })
    .where(and(eq(n.id, id), isNull(n.draftText), isNull(n.correctionId)))
    .returning({ id: n.id });
  return rows.length > 0;
}

/** Keeps the correction published from a notice, in the transaction that publishes it; false when it has one already (another editor was first). */
export async function setRevisionNoticeCorrection(id: number, correctionId: number, tx: Executor): Promise<boolean> {
  const rows = await tx
    .update(figureRevisionNotices)
    .set({ correctionId })
    .where(and(eq(figureRevisionNotices.id, id), isNull(figureRevisionNotices.correctionId)))
    .returning({ id: figureRevisionNotices.id });
  return rows.length > 0;
}

/**
 * The addresses of a story's editors: the account writing under its byline, and every member of
 * the staff who saved it (its revisions), active and with an address, by story.
 */
export async function listStoryEditorAddresses(articleIds: readonly number[], tx: Executor = db): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (articleIds.length === 0) return out;
  const rows = await tx
    .selectDistinct({ articleId: articles.id, email: users.email })
    .from(articles)
    .innerJoin(
      users,
      or(
        eq(users.authorId, articles.authorId),
        inArray(users.id, tx.select({ id: articleRevisions.userId }).from(articleRevisions).where(eq(articleRevisions.articleId, articles.id))),
      ),
    )
    .where(and(inArray(articles.id, [...articleIds]), isNull(users.deactivatedAt), isNotNull(users.email)));
  for (const row of rows) if (row.email) out.set(row.articleId, [...(out.get(row.articleId) ?? []), row.email]);
  return out;
}

/** Records a run's revision watch as work to do, in the import's transaction (once: a run asked twice keeps its row). */
export async function insertRevisionWatch(runId: number, requestedAt: Date, tx: Executor): Promise<void> {
  await tx.insert(revisionWatches).values({ runId, requestedAt }).onConflictDoNothing();
}

/** A run's watch still to do: neither watched nor given up (the rows the pending index starts with). */
const pendingWatch = () => and(isNull(revisionWatches.watchedAt), isNull(revisionWatches.givenUpAt));

/**
 * The runs still to watch (neither watched nor given up), at most `limit`: the least tried first,
 * then the oldest, so runs whose watch failed never hold back a run not tried yet (a range of
 * the pending index).
 */
export async function listPendingRevisionWatches(limit: number, tx: Executor = db): Promise<{ runId: number; attempts: number }[]> {
  return tx
    .select({ runId: revisionWatches.runId, attempts: revisionWatches.attempts })
    .from(revisionWatches)
    .where(pendingWatch())
    .orderBy(revisionWatches.watchedAt, revisionWatches.givenUpAt, revisionWatches.attempts, revisionWatches.runId)
    .limit(limit);
}

/**
 * Counts an attempt at a pending run's watch, before it is made (so an attempt that stops the
 * process counts too): answers the run's attempts with this one, or undefined when the run is no
 * longer pending (watched or given up meanwhile).
 */
export async function countRevisionWatchAttempt(runId: number, tx: Executor): Promise<number | undefined> {
  const rows = await tx
    .update(revisionWatches)
    .set({ attempts: sql`${revisionWatches.attempts} + 1` })
    .where(and(eq(revisionWatches.runId, runId), pendingWatch()))
    .returning({ attempts: revisionWatches.attempts });
  return rows[0]?.attempts;
}

/** Gives a pending run's watch up: true when this call did (it was still pending). */
export async function giveUpRevisionWatch(runId: number, at: Date, tx: Executor): Promise<boolean> {
  const rows = await tx
    .update(revisionWatches)
    .set({ givenUpAt: at })
    .where(and(eq(revisionWatches.runId, runId), pendingWatch()))
    .returning({ runId: revisionWatches.runId });
  return rows.length > 0;
}

/**
 * Claims a run's watch in the transaction that writes its notices: true when this call took it
 * (it was pending), false when another process or an earlier pass watched it, or the run has
 * no watch to do.
 */
export async function claimRevisionWatch(runId: number, at: Date, tx: Executor): Promise<boolean> {
  const rows = await tx
    .update(revisionWatches)
    .set({ watchedAt: at })
    .where(and(eq(revisionWatches.runId, runId), isNull(revisionWatches.watchedAt)))
    .returning({ runId: revisionWatches.runId });
  return rows.length > 0;
}

/** How many notices a claimed watch wrote. */
export async function setRevisionWatchNotices(runId: number, notices: number, tx: Executor): Promise<void> {
  await tx.update(revisionWatches).set({ notices }).where(eq(revisionWatches.runId, runId));
}
