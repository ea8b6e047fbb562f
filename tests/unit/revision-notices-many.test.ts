// The revision watch's notices for a figure cited by thousands of stories: one notice per story,
// eight bound values each, so one statement for all of them would pass SQLite's limit of bound
// parameters (32,766) past about 4,000 stories. They are written in statements of a few hundred,
// all in the one transaction that claims the run's watch: all or nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createDatabase } from '@db/client';
import { articles, figureRevisionNotices } from '@db/schema';
import { seedDatabase } from '@db/seed';
import { growDatabase } from '@db/seed/scale';
import { insertRevisionNotices, type RevisionNoticeValues } from '@/server/queries/revision-notices';
import { watchRun } from '@/server/services/articles/revision-watch';
import { useMigratedDatabase } from '../helpers/database.ts';

/** More stories than one statement's bound parameters allow notices for (32,766 / 8 columns = 4,095). */
const STORIES = 4_500;

describe(`the notices of a revised figure ${STORIES} stories cite`, () => {
  const database = useMigratedDatabase('revision-notices-many', async (db) => {
    await seedDatabase(db);
  });
  let serving: ReturnType<typeof createDatabase> | undefined;
  afterAll(() => serving?.close());

  /** The serving database (worker threads, as a web process writes), on the grown file. */
  async function grown() {
    if (serving) return serving;
    const path = (await database.client.execute('PRAGMA database_list')).rows[0]?.['file'] as string;
    growDatabase({ path, articles: STORIES, comments: 0 });
    serving = createDatabase(() => ({ url: `file:${path}` }));
    return serving;
  }

  const noticesOf = (ids: readonly number[], revisedAt: Date): RevisionNoticeValues[] =>
    ids.map((articleId) => ({
      articleId,
      seriesSlug: 'crude-inventories',
      period: '2030-01-04',
      valueAsPublished: 430_000,
      previousValue: 430_000,
      value: 431_500,
      runId: null,
      revisedAt,
    }));
  const written = async (revisedAt: Date) =>
    (await database.db.select({ n: count() }).from(figureRevisionNotices).where(eq(figureRevisionNotices.revisedAt, revisedAt)))[0]?.n;

  it('writes one for every published story citing the revised figure when the run is watched, each in the audit trail, and none twice', async () => {
    const serving = await grown();
    const { client } = database;
    const now = new Date('2026-11-25T15:00:00Z');
    const series = Number((await client.execute("SELECT id FROM market_series WHERE slug = 'crude-inventories'")).rows[0]?.['id']);
    // Every published story states the week's figure as first published; the run revises it.
    await client.execute(
      `INSERT INTO article_citations (article_id, position, element, kind, key, period, value_as_published)
       SELECT id, 1000, 'figure', 'markets', 'crude-inventories', '2030-01-04', 430000 FROM articles WHERE status = 'published' AND published_at <= ?`,
      [now.getTime()],
    );
    const citing = Number((await client.execute("SELECT count(*) AS n FROM article_citations WHERE period = '2030-01-04'")).rows[0]?.['n']);
    expect(citing).toBeGreaterThan(4_095);
    const runId = Number(
      (await client.execute({ sql: "INSERT INTO import_runs (started_at, status) VALUES (?, 'succeeded') RETURNING id", args: [now.getTime()] }))
        .rows[0]?.['id'],
    );
    await client.batch([
      {
        sql: "INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES ('market', ?, '2030-01-04', 0, 430000, NULL, 0)",
        args: [String(series)],
      },
      {
        sql: "INSERT INTO figure_revisions (dataset, figure, period, seen_at, value, run_id, revised) VALUES ('market', ?, '2030-01-04', ?, 431500, ?, 1)",
        args: [String(series), now.getTime(), runId],
      },
      { sql: 'INSERT INTO revision_watches (run_id, requested_at) VALUES (?, ?)', args: [runId, now.getTime()] },
    ]);
    const access = { read: serving.db, write: serving.writeTransaction };
    expect(await watchRun(runId, now, access)).toBe(citing);
    expect(await written(now)).toBe(citing);
    const trail = await client.execute("SELECT count(*) AS n FROM audit_log WHERE action = 'figure_revised'");
    expect(Number(trail.rows[0]?.['n'])).toBe(citing);
    // Watched once: again, nothing.
    expect(await watchRun(runId, now, access)).toBeUndefined();
    // The same notices written again (a second run seeing the same revision): none twice.
    const ids = (await serving.db.select({ id: articles.id }).from(articles)).map((a) => a.id);
    const again = await serving.writeTransaction((tx) => insertRevisionNotices(noticesOf(ids, now), tx));
    expect(again).toHaveLength(ids.length - citing);
  }, 180_000);

  it('writes none when the transaction fails after them', async () => {
    const { db, writeTransaction } = await grown();
    const ids = (await db.select({ id: articles.id }).from(articles).orderBy(articles.id)).map((a) => a.id);
    const revisedAt = new Date('2026-11-26T15:00:00Z');
    await expect(
      writeTransaction(async (tx) => {
        expect(await insertRevisionNotices(noticesOf(ids, revisedAt), tx)).toHaveLength(ids.length);
        throw new Error('the watch failed after its notices');
      }),
    ).rejects.toThrow('the watch failed after its notices');
    expect(await written(revisedAt)).toBe(0);
  }, 120_000);
});
