import { and, desc, eq, gte, inArray, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import { articles, articleViewTotals, articleViews, sourceViews, sourceVisitors } from '@db/schema';
import type { ReadershipRange } from '@/lib/validation/readership';
import type { ReadershipCount, ReadershipStory } from '@/lib/wire/readership';
import { db, type Executor } from '@/server/db';
import { articleIsPublic } from '@/server/queries/articles';
import { countRows } from '@/server/queries/pages';

/** Views counted on one day under one key (an article's id, a host, a campaign). */
export interface DayCount<K extends string | number> {
  day: string;
  key: K;
  views: number;
}

/** Rows per statement of a batch: well under SQLite's limit of bound parameters. */
const CHUNK = 300;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

const valuesOf = (rows: readonly (readonly (string | number)[])[]): SQL =>
  sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );

/**
 * Adds a batch of article views: to each day's count and to each period's total (a view
 * counts in the periods whose first day `periodStarts` names is not after its day). Views of
 * an article that is gone or not public are dropped.
 */
export async function addArticleViews(
  rows: readonly DayCount<number>[],
  periodStarts: Readonly<Record<ReadershipRange, string>>,
  now: Date,
  tx: Executor = db,
): Promise<void> {
  for (const part of chunks(rows)) {
    await tx.run(sql`INSERT INTO ${articleViews} (day, article_id, views)
      SELECT v.column1, v.column2, v.column3 FROM (VALUES ${valuesOf(part.map((r) => [r.day, r.key, r.views]))}) AS v
      JOIN ${articles} ON ${articles.id} = v.column2 AND ${articleIsPublic(now)}
      WHERE true
      ON CONFLICT (day, article_id) DO UPDATE SET views = ${articleViews.views} + excluded.views`);
  }
  const totals = new Map<string, { period: ReadershipRange; articleId: number; views: number }>();
  for (const row of rows) {
    for (const [period, start] of Object.entries(periodStarts) as [ReadershipRange, string][]) {
      if (row.day < start) continue;
      const key = `${period}|${row.key}`;
      const held = totals.get(key);
      if (held) held.views += row.views;
      else totals.set(key, { period, articleId: row.key, views: row.views });
    }
  }
  for (const part of chunks([...totals.values()])) {
    await tx.run(sql`INSERT INTO ${articleViewTotals} (period, article_id, views)
      SELECT v.column1, v.column2, v.column3 FROM (VALUES ${valuesOf(part.map((r) => [r.period, r.articleId, r.views]))}) AS v
      JOIN ${articles} ON ${articles.id} = v.column2 AND ${articleIsPublic(now)}
      WHERE true
      ON CONFLICT (period, article_id) DO UPDATE SET views = ${articleViewTotals.views} + excluded.views`);
  }
}

/** A published article's id and publish time (ms): public once that time has passed. */
export interface PublishedArticle {
  id: number;
  at: number;
}

const publishedColumns = { id: articles.id, at: sql<number>`${articles.publishedAt}`.mapWith(Number) };

/** Every published article's id and publish time (the status and publish time index covers it). */
export async function listPublishedArticles(tx: Executor = db): Promise<PublishedArticle[]> {
  return tx.select(publishedColumns).from(articles).where(eq(articles.status, 'published'));
}

/** Which of these articles are published, with their publish times (by primary key). */
export async function getPublishedArticles(ids: readonly number[], tx: Executor = db): Promise<PublishedArticle[]> {
  if (ids.length === 0) return [];
  return tx
    .select(publishedColumns)
    .from(articles)
    .where(and(inArray(articles.id, [...ids]), eq(articles.status, 'published')));
}

/** Where views came from: the referring site's host, or the site's own mail. */
export type ViewSource = (typeof sourceViews.source.enumValues)[number];

/** Views under one name (a host, a campaign) one day, and keyed hashes of (some of) the visitors who brought them. */
export interface SourceDayCount extends DayCount<string> {
  visitors: readonly string[];
}

/**
 * Adds a batch of views by referring host or by mail campaign, and counts their distinct
 * visitors up to `minVisitors`: each visitor's hash is kept (`source_visitors`) while the
 * name has fewer, the count is taken from them, and once it has enough its hashes go.
 */
export async function addSourceViews(source: ViewSource, rows: readonly SourceDayCount[], minVisitors: number, tx: Executor = db): Promise<void> {
  for (const part of chunks(rows)) {
    await tx.run(sql`INSERT INTO ${sourceViews} (day, source, name, views) VALUES ${valuesOf(part.map((r) => [r.day, source, r.key, r.views]))}
      ON CONFLICT (day, source, name) DO UPDATE SET views = ${sourceViews.views} + excluded.views`);
    const visitors = part.flatMap((r) => r.visitors.map((visitor) => [r.day, r.key, visitor] as const));
    if (visitors.length > 0) {
      await tx.run(sql`INSERT INTO ${sourceVisitors} (day, source, name, visitor)
        SELECT v.column1, ${source}, v.column2, v.column3 FROM (VALUES ${valuesOf(visitors)}) AS v
        WHERE NOT EXISTS (SELECT 1 FROM ${sourceViews} s WHERE s.day = v.column1 AND s.source = ${source} AND s.name = v.column2 AND s.visitors >= ${minVisitors})
        ON CONFLICT DO NOTHING`);
    }
    const keys = valuesOf(part.map((r) => [r.day, r.key]));
    await tx.run(sql`UPDATE ${sourceViews} SET visitors = min(${minVisitors}, (SELECT count(*) FROM ${sourceVisitors} sv
        WHERE sv.day = ${sourceViews.day} AND sv.source = ${sourceViews.source} AND sv.name = ${sourceViews.name}))
      WHERE source = ${source} AND visitors < ${minVisitors} AND (day, name) IN (VALUES ${keys})`);
    await tx.run(sql`DELETE FROM ${sourceVisitors} WHERE source = ${source} AND (day, name) IN (VALUES ${keys})
      AND (day, name) IN (SELECT day, name FROM ${sourceViews} WHERE source = ${source} AND visitors >= ${minVisitors})`);
  }
}

/** Forgets the visitors' hashes of days before `day` (when the day changes). */
export async function deleteSourceVisitorsBefore(day: string, tx: Executor = db): Promise<void> {
  await tx.delete(sourceVisitors).where(lt(sourceVisitors.day, day));
}

/** Builds every period's totals afresh from the daily counts (once a day, when the day changes). */
export async function rebuildArticleViewTotals(periodStarts: Readonly<Record<ReadershipRange, string>>, tx: Executor = db): Promise<void> {
  await tx.delete(articleViewTotals);
  for (const [period, start] of Object.entries(periodStarts)) {
    await tx.run(sql`INSERT INTO ${articleViewTotals} (period, article_id, views)
      SELECT ${period}, article_id, sum(views) FROM ${articleViews} WHERE day >= ${start} GROUP BY article_id`);
  }
}

/** A page of a period's most viewed stories, most first (in the totals' index order). */
export async function listTopStories(period: ReadershipRange, limit: number, offset: number, tx: Executor = db): Promise<ReadershipStory[]> {
  return tx
    .select({ id: articles.id, title: articles.title, slug: articles.slug, views: articleViewTotals.views })
    .from(articleViewTotals)
    .innerJoin(articles, eq(articles.id, articleViewTotals.articleId))
    .where(eq(articleViewTotals.period, period))
    .orderBy(desc(articleViewTotals.views), desc(articleViewTotals.articleId))
    .limit(limit)
    .offset(offset);
}

/** How many stories were viewed in a period. */
export async function countTopStories(period: ReadershipRange, tx: Executor = db): Promise<number> {
  return countRows(tx, articleViewTotals, eq(articleViewTotals.period, period));
}

/**
 * The names (hosts, campaigns) of a source with most views since `fromDay`, most first (a
 * range of the key by day), among those at least `minVisitors` distinct visitors brought on
 * one day of the period.
 */
export async function listSourceViews(
  source: ViewSource,
  fromDay: string,
  limit: number,
  minVisitors: number,
  tx: Executor = db,
): Promise<ReadershipCount[]> {
  const views = sql<number>`cast(${sum(sourceViews.views)} as integer)`;
  return tx
    .select({ name: sourceViews.name, views })
    .from(sourceViews)
    .where(and(gte(sourceViews.day, fromDay), eq(sourceViews.source, source)))
    .groupBy(sourceViews.name)
    .having(gte(max(sourceViews.visitors), minVisitors))
    .orderBy(desc(views), sourceViews.name)
    .limit(limit);
}

/** Deletes the daily counts of days before `day`; answers how many rows went. */
export async function deleteReadershipBefore(day: string, tx: Executor = db): Promise<number> {
  let removed = 0;
  for (const [table, column] of [
    [articleViews, articleViews.day],
    [sourceViews, sourceViews.day],
  ] as const) {
    const rows = await tx.delete(table).where(lt(column, day)).returning({ day: column });
    removed += rows.length;
  }
  return removed;
}
