import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '@db/client';
import { auditLog, corrections, figureRevisionNotices, figureRevisions, importRuns, marketSeries, revisionWatches, scheduledJobs } from '@db/schema';
import type { DatabaseAccess } from '@/server/db';
import {
  REVISION_NOTICE_JOB,
  REVISION_WATCH_ATTEMPTS,
  revisedCitations,
  watchPendingRuns,
  watchRun,
} from '@/server/services/articles/revision-watch';
import { FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { startTestSmtp } from '../fakes/smtp.ts';
import { apiClient } from '../helpers/api-client.ts';
import { jobWatcher } from '../helpers/scheduled-jobs.ts';
import { planRecorder } from '../helpers/query-plans.ts';
import { joinStaff } from '../helpers/staff.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The revision watch (#33): an import that revises a figure a published story cites tells the
// story's editors once, in the panel and by mail (the in-process SMTP server receives it), naming
// the story, the figure, the old and the new value; from the notice one call publishes the
// dated correction it drafts; the audit trail records both. Drafts and stories stating the
// new figure hear nothing. Two web processes share the database: the watch of a run is done
// exactly once, whoever does it, and survives a process that stops before it.
const PASSWORD = 'revision-watch-password';
const EDITOR = 'desk.editor@example.com';
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const eia = useFake(() => startFakeEia());
const server = useTestServer(() => ({
  ADMIN_PASSWORD: PASSWORD,
  ADMIN_EMAIL: EDITOR,
  TRUST_PROXY: 'true',
  WEB_CONCURRENCY: '2',
  SMTP_URL: smtp.url,
  EIA_API_KEY: FAKE_EIA_KEY,
  EIA_API_URL: `${eia.url}/v2`,
}));
const api = apiClient(server, PASSWORD);
let cookie: string;
const job = jobWatcher(server, REVISION_NOTICE_JOB);

interface Notice {
  id: number;
  article: { id: number; slug: string; title: string };
  series: { slug: string; name: string };
  period: string;
  valueAsPublished: number;
  previousValue: number;
  value: number;
  text: { asPublished: string; previous: string; value: string };
  correctionId: number | null;
  draft: string;
  drafting: { by: string; at: string } | null;
}

/** Revises a week of crude stocks at EIA (the fake's answer), by `delta`. */
function reviseAtEia(figure: { period: string; value: number }, delta: number) {
  const row = eia.routes.get('petroleum/stoc/wstk')!.find((r) => r['series'] === 'WCESTUS1' && r['period'] === figure.period)!;
  row['value'] = String(figure.value + delta);
}

const refresh = async () => {
  const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
  expect(res.status, res.text).toBe(200);
};

let stories = 0;
async function story(figure: { period: string; value: number }, extra: Record<string, unknown> = {}) {
  const n = ++stories;
  const res = await api.call('POST', '/api/articles', {
    cookie,
    body: {
      title: `Crude stocks draw down again ${n}`,
      slug: `crude-stocks-draw-${n}-${Date.now()}`,
      excerpt: 'Refiners ran hard.',
      content: `<p>Commercial crude stocks stood at <data-figure series="crude-inventories" date="${figure.period}" value="${figure.value}"></data-figure>.</p>`,
      author: 'Markets Desk',
      categoryId: 1,
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; slug: string; title: string };
}

const notices = async (status = 'open'): Promise<Notice[]> => {
  const res = await api.call('GET', `/api/admin/revision-notices?status=${status}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.json['items'] as Notice[];
};

let crashWeek: { period: string; value: number };

/** A week's point as the story's chart block draws it (its chart's data file, as readers get it now). */
async function chartPoint(period: string): Promise<number | undefined> {
  const res = await api.currentPage('/charts/markets/crude-inventories.json?range=6m');
  const lines = JSON.parse(res.text) as { lines: { key: string; points: [string, number][] }[] };
  return lines.lines.find((l) => l.key === 'crude-inventories')?.points.find(([p]) => p === period)?.[1];
}

describe('the revision watch', () => {
  let cited: { id: number; slug: string; title: string };
  let charted: { id: number; slug: string; title: string };
  let chartedBefore: number | undefined;
  let latest: { period: string; value: number };

  beforeAll(async () => {
    cookie = await api.signIn();
    await refresh();
    const history = (await api.call('GET', '/api/series/crude-inventories')).json['observations'] as { period: string; value: number }[];
    latest = history.at(-1)!;
    const earlier = history.at(-2)!;
    crashWeek = history.at(-3)!;
    cited = await story(latest);
    // Not told: a story citing a week EIA does not revise, a draft citing the revised week, a
    // story charting the series (a chart block cites a view of the data, redrawn on each revision:
    // nothing it published stays wrong, see docs/newsroom.md).
    await story(earlier);
    await story(latest, { status: 'draft' });
    charted = await story(latest, {
      content: `<p>Stocks over six months.</p><data-chart kind="markets" key="crude-inventories" range="6m"></data-chart>`,
    });
    chartedBefore = await chartPoint(latest.period);
  });

  it('notices nothing while no cited figure is revised', async () => {
    await refresh();
    expect(await notices('all')).toEqual([]);
  });

  it('tells the story’s editors once, in the panel and by mail, with the story, the figure, the old and the new value', async () => {
    reviseAtEia(latest, 1500);
    await refresh();
    const listed = await notices();
    expect(listed).toEqual([
      expect.objectContaining({
        article: { id: cited.id, slug: cited.slug, title: cited.title },
        series: { slug: 'crude-inventories', name: 'US Commercial Crude Oil Inventories' },
        period: latest.period,
        valueAsPublished: latest.value,
        previousValue: latest.value,
        value: latest.value + 1500,
        correctionId: null,
      }),
    ]);
    const notice = listed[0]!;
    // The charting story hears nothing: its chart draws the revised figure.
    expect(listed.some((n) => n.article.id === charted.id)).toBe(false);
    expect(chartedBefore).toBeDefined();
    await expect.poll(() => chartPoint(latest.period), { timeout: 60_000 }).not.toBe(chartedBefore);
    expect(notice.draft).toContain(`as ${notice.text.asPublished}`);
    expect(notice.draft).toContain(`revised it to ${notice.text.value}`);
    const trail = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'figure_revised'), eq(auditLog.subjectId, String(cited.id))));
    expect(trail).toEqual([expect.objectContaining({ actorName: 'Revision watch', actorId: null })]);
    expect(trail[0]?.summary).toContain(`revised from ${notice.text.previous} to ${notice.text.value}`);

    // By mail, to the owner who saved the story (its editor), once.
    await smtp.waitFor(() => smtp.received.some((m) => m.subject?.startsWith('EIA revised a figure your story cites')), 150_000);
    const mails = smtp.received.filter((m) => m.subject?.startsWith('EIA revised'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(EDITOR);
    expect(mail.text).toContain(cited.title.toUpperCase());
    expect(mail.html).toContain(cited.title);
    expect(mail.text).toContain(`US Commercial Crude Oil Inventories`);
    expect(mail.text).toContain(`EIA revised ${notice.text.previous} to ${notice.text.value}`);
    expect(mail.text).toContain(`The story states ${notice.text.asPublished}`);

    // The same figures again: nothing new.
    await refresh();
    expect(await server.database.db.select().from(figureRevisionNotices)).toHaveLength(1);
  });

  it('publishes the dated correction drafted from the notice, once; the story shows it', async () => {
    const [notice] = await notices();
    const res = await api.call('POST', `/api/admin/revision-notices/${notice!.id}/correction`, { cookie, body: { text: notice!.draft } });
    expect(res.status, res.text).toBe(201);
    expect(res.json['text']).toBe(notice!.draft);
    expect((await api.call('POST', `/api/admin/revision-notices/${notice!.id}/correction`, { cookie, body: { text: 'Again' } })).status).toBe(409);
    expect((await api.call('POST', '/api/admin/revision-notices/999999/correction', { cookie, body: { text: 'x' } })).status).toBe(404);
    expect(await notices()).toEqual([]);
    expect(await notices('all')).toEqual([expect.objectContaining({ id: notice!.id, correctionId: res.json['id'] })]);
    const page = (await api.currentPage(`/article/${cited.slug}`)).text;
    expect(page).toContain('data-testid="article-correction"');
    expect(page).toContain(`revised it to ${notice!.text.value}`);
    const added = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'correction_added'), eq(auditLog.subjectId, String(cited.id))));
    expect(added).toHaveLength(1);
  });
});

describe('the revision watch, exactly once across processes', () => {
  // Two more web processes on the database file, as the job of any process would be.
  const others = [createDatabase(() => ({ url: server.databaseUrl })), createDatabase(() => ({ url: server.databaseUrl }))];
  afterAll(() => Promise.all(others.map((o) => o.close())));
  const access = others.map((o): DatabaseAccess => ({ read: o.db, write: o.writeTransaction }));
  const db = () => server.database.db;
  const noticesOf = (articleId: number) => db().select().from(figureRevisionNotices).where(eq(figureRevisionNotices.articleId, articleId));
  const trailOf = (articleId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'figure_revised'), eq(auditLog.subjectId, String(articleId))));
  const mailsAbout = (title: string) => smtp.received.filter((m) => m.subject?.startsWith('EIA revised') && m.text?.includes(title.toUpperCase()));

  let cited: { id: number; slug: string; title: string };
  /**
   * An import whose process stops right after it commits: its own watch never writes (here the
   * claim of the run's watch is refused while a trigger stands, as a process gone would not make
   * it). Answers the run, whose watch is left to do.
   */
  async function importThenStop(delta: number): Promise<number> {
    await server.database.client.execute(
      `CREATE TRIGGER test_watch_stopped BEFORE UPDATE OF watched_at ON revision_watches BEGIN SELECT RAISE(ABORT, 'the process stopped'); END`,
    );
    try {
      reviseAtEia(crashWeek, delta);
      await refresh();
    } finally {
      await server.database.client.execute('DROP TRIGGER test_watch_stopped');
    }
    const [run] = await db().select().from(importRuns).orderBy(desc(importRuns.id)).limit(1);
    // The import committed its figures and, with them, the run's watch, still to do.
    expect(await db().select().from(revisionWatches).where(eq(revisionWatches.runId, run!.id))).toEqual([
      expect.objectContaining({ runId: run!.id, watchedAt: null, notices: null }),
    ]);
    return run!.id;
  }
  /** Makes the notices job due and waits for one of the server's processes to run it. */
  async function runJob() {
    const since = new Date();
    await job.makeDue();
    await job.waitForRunAfter(since);
  }

  beforeAll(async () => {
    cited = await story(crashWeek);
  });

  it('loses nothing when the process stops between the import’s commit and its notices: the job writes them once, and mails them once', async () => {
    const runId = await importThenStop(-2200);
    expect(await noticesOf(cited.id)).toEqual([]);
    expect(server.output()).toContain('"event":"revision_watch_failed"');

    await runJob();
    expect(await noticesOf(cited.id)).toEqual([
      expect.objectContaining({ runId, period: crashWeek.period, valueAsPublished: crashWeek.value, value: crashWeek.value - 2200 }),
    ]);
    expect(await trailOf(cited.id)).toHaveLength(1);
    const [watch] = await db().select().from(revisionWatches).where(eq(revisionWatches.runId, runId));
    expect(watch?.watchedAt).not.toBeNull();
    expect(watch?.notices).toBe(1);
    await smtp.waitFor(() => mailsAbout(cited.title).length > 0, 150_000);

    // The job again, twice: nothing new is written or mailed.
    await runJob();
    await runJob();
    expect(await noticesOf(cited.id)).toHaveLength(1);
    expect(await trailOf(cited.id)).toHaveLength(1);
    expect(mailsAbout(cited.title)).toHaveLength(1);
  }, 300_000);

  it('writes a run’s notices once when every process watches it at the same moment', async () => {
    const runId = await importThenStop(-3100);
    // The notices job (one of the server's two processes takes it) and a pass of the pending
    // watches in each of two more processes, all at once.
    const since = new Date();
    await job.makeDue();
    const passes = await Promise.all(access.map((a) => watchPendingRuns(new Date(), a)));
    await job.waitForRunAfter(since);
    expect(passes.flatMap((p) => p.failed)).toEqual([]);
    expect(passes.reduce((n, p) => n + p.runs, 0)).toBeLessThanOrEqual(1);
    const revised = (await noticesOf(cited.id)).filter((n) => n.runId === runId);
    expect(revised).toEqual([expect.objectContaining({ previousValue: crashWeek.value - 2200, value: crashWeek.value - 3100 })]);
    expect(await trailOf(cited.id)).toHaveLength(2);

    // And again, everywhere: nothing new.
    await job.makeDue();
    const more = await Promise.all(access.map((a) => watchPendingRuns(new Date(), a)));
    expect(more.map((p) => p.runs)).toEqual([0, 0]);
    await runJob();
    expect(await noticesOf(cited.id)).toHaveLength(2);
    expect(await trailOf(cited.id)).toHaveLength(2);
    expect(await db().select().from(revisionWatches).where(isNull(revisionWatches.watchedAt))).toEqual([]);
  }, 300_000);

  it('takes two editors correcting from one notice to one draft, and publishes one correction when both publish at once', async () => {
    const second = await joinStaff(api, smtp, cookie, 'editor', 'second.editor@example.com', 'Second Editor');
    const editors = [cookie, second];
    const [row] = (await noticesOf(cited.id)).filter((n) => n.correctionId === null);
    const draftOf = (c: string) => api.call('POST', `/api/admin/revision-notices/${row!.id}/draft`, { cookie: c });
    // Both open the draft at the same moment: one draft is written, by whoever came first, and both are taken to it.
    const opened = await Promise.all(editors.map(draftOf));
    expect(opened.map((r) => r.status)).toEqual([200, 200]);
    const [mine, theirs] = opened.map((r) => r.json as unknown as Notice);
    expect(theirs!.draft).toBe(mine!.draft);
    expect(theirs!.drafting).toEqual(mine!.drafting);
    expect(['Second Editor', 'admin']).toContain(mine!.drafting?.by);
    expect(mine!.draft).toContain(`revised it to ${mine!.text.value}`);
    // Later, too, and the panel's list says so.
    expect(((await draftOf(cookie)).json as unknown as Notice).drafting).toEqual(mine!.drafting);
    expect((await notices()).find((n) => n.id === row!.id)).toMatchObject({ draft: mine!.draft, drafting: mine!.drafting });

    // Both publish at the same moment (twice each): one correction, the others refused with the contract's error.
    const published = await Promise.all(
      [...editors, ...editors].map((c, i) =>
        api.call('POST', `/api/admin/revision-notices/${row!.id}/correction`, { cookie: c, body: { text: `${mine!.draft} (${i})` } }),
      ),
    );
    expect(published.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of published.filter((r) => r.status === 409)) {
      expect(refused.headers.get('Content-Type')).toContain('application/json');
      expect(refused.json).toEqual({ message: 'A correction was already published from this notice.' });
    }
    const correction = published.find((r) => r.status === 201)!.json;
    const added = await db().select().from(corrections).where(eq(corrections.articleId, cited.id));
    expect(added).toEqual([expect.objectContaining({ id: correction['id'], text: correction['text'] })]);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'correction_added'), eq(auditLog.subjectId, String(cited.id))));
    expect(trail).toHaveLength(1);
    const [after] = await db().select().from(figureRevisionNotices).where(eq(figureRevisionNotices.id, row!.id));
    expect(after?.correctionId).toBe(correction['id']);
    // The notice's draft is closed now: opening it again is refused too; an unknown notice is a 404.
    expect((await draftOf(second)).status).toBe(409);
    const unknown = await api.call('POST', '/api/admin/revision-notices/999999/draft', { cookie: second });
    expect([unknown.status, unknown.json]).toEqual([404, { message: 'Revision notice not found' }]);
  }, 300_000);

  it('gives a run whose watch always fails up after its attempts, and 25 such runs do not hold back a newer run’s notices', async () => {
    // A watch fails while its run is not in `test_watch_allowed` (the claim is refused, as an
    // always failing watch would be); the trigger stands from the start, before any write here.
    await server.database.client.execute('CREATE TABLE test_watch_allowed (run_id INTEGER NOT NULL)');
    await server.database.client.execute(
      `CREATE TRIGGER test_watch_fails BEFORE UPDATE OF watched_at ON revision_watches
       WHEN NOT EXISTS (SELECT 1 FROM test_watch_allowed WHERE run_id IN (OLD.run_id, 0))
       BEGIN SELECT RAISE(ABORT, 'the watch always fails'); END`,
    );
    const mine = access[0]!;
    const allow = (runId: number) => mine.write(async (tx) => await tx.run(sql`INSERT INTO test_watch_allowed VALUES (${runId})`));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // 25 import runs whose watch always fails.
    const now = new Date();
    const failing = await mine.write(
      async (tx) =>
        await tx
          .insert(importRuns)
          .values(Array.from({ length: 25 }, () => ({ startedAt: now, finishedAt: now, status: 'succeeded' as const })))
          .returning({ id: importRuns.id }),
    );
    const failingIds = failing.map((r) => r.id);
    await mine.write(async (tx) => await tx.insert(revisionWatches).values(failingIds.map((runId) => ({ runId, requestedAt: now }))));
    const watchesOf = (ids: number[]) => db().select().from(revisionWatches).where(inArray(revisionWatches.runId, ids));
    try {
      // While this test holds the job's lease (as a process would), only its own passes watch: two
      // of them try each of the failing runs at least once (a pass takes 20), and each fails.
      await expect
        .poll(
          async () => {
            const taken = await mine.write(
              async (tx) =>
                await tx
                  .update(scheduledJobs)
                  .set({ leaseHolder: 'revision-watch-test', leaseExpiresAt: new Date(Date.now() + 3_600_000) })
                  .where(and(eq(scheduledJobs.name, REVISION_NOTICE_JOB), isNull(scheduledJobs.leaseHolder)))
                  .returning({ name: scheduledJobs.name }),
            );
            return taken.length;
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      const first = [await watchPendingRuns(new Date(), mine), await watchPendingRuns(new Date(), mine)];
      // The first pass takes the 20 oldest; the second the 5 not tried yet first, then those tried once.
      expect(first[0]!.failed).toEqual(failingIds.slice(0, 20));
      expect(first[1]!.failed.slice(0, 5)).toEqual(failingIds.slice(20));
      expect(first.flatMap((p) => p.givenUp)).toEqual([]);
      expect((await watchesOf(failingIds)).every((w) => w.attempts >= 1)).toBe(true);

      // A newer run, its importing process's own watch failing too: the next pass watches it first,
      // whatever the failing runs.
      reviseAtEia(crashWeek, -4000);
      await refresh();
      const [newer] = await db().select().from(importRuns).orderBy(desc(importRuns.id)).limit(1);
      expect(await watchesOf([newer!.id])).toEqual([expect.objectContaining({ watchedAt: null, attempts: 0 })]);
      await allow(newer!.id);
      const pass = await watchPendingRuns(new Date(), mine);
      expect(pass.runs).toBe(1);
      expect((await noticesOf(cited.id)).filter((n) => n.runId === newer!.id)).toEqual([
        expect.objectContaining({ previousValue: crashWeek.value - 3100, value: crashWeek.value - 4000 }),
      ]);

      // Pass after pass: each failing run is given up once its attempts are all made and failed
      // (an error in the log), and from then on not tried.
      const givenUp: number[] = [];
      for (let n = 0; n < 2 * REVISION_WATCH_ATTEMPTS && givenUp.length < failingIds.length; n++) {
        const p = await watchPendingRuns(new Date(), mine);
        expect(p.failed.filter((id) => p.givenUp.includes(id))).toEqual([]);
        givenUp.push(...p.givenUp);
      }
      expect(givenUp.sort((a, b) => a - b)).toEqual(failingIds);
      expect((await watchesOf(failingIds)).map((w) => ({ attempts: w.attempts, givenUp: w.givenUpAt !== null, watched: w.watchedAt }))).toEqual(
        failingIds.map(() => ({ attempts: REVISION_WATCH_ATTEMPTS, givenUp: true, watched: null })),
      );
      const logged = errors.mock.calls.map((c) => String(c[0]));
      for (const runId of failingIds) {
        expect(logged.filter((l) => l.includes(`"event":"revision_watch_failed","runId":${runId},`))).toHaveLength(REVISION_WATCH_ATTEMPTS);
        expect(logged.filter((l) => l.includes(`"event":"revision_watch_given_up","runId":${runId},`))).toHaveLength(1);
      }
      expect(await watchPendingRuns(new Date(), mine)).toEqual({ runs: 0, notices: 0, failed: [], givenUp: [] });
    } finally {
      errors.mockRestore();
      await allow(0);
      await mine.write(
        async (tx) =>
          await tx
            .update(scheduledJobs)
            .set({ leaseHolder: null, leaseExpiresAt: null })
            .where(and(eq(scheduledJobs.name, REVISION_NOTICE_JOB), eq(scheduledJobs.leaseHolder, 'revision-watch-test'))),
      );
    }
  }, 300_000);

  it('finds the stories citing every figure a run revised in one read, however many figures it revised', async () => {
    const history = (await api.call('GET', '/api/series/crude-inventories')).json['observations'] as { period: string; value: number }[];
    // Two weeks no other test revises (a story of the first suite cites the second too).
    const weeks = [history.at(-4)!, history.at(-2)!];
    const citing = [await story(weeks[0]!), await story(weeks[0]!), await story(weeks[1]!)];
    const [series] = await db().select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'crude-inventories'));
    const now = new Date();
    const mine = access[0]!;
    const [run] = await mine.write(
      async (tx) => await tx.insert(importRuns).values({ startedAt: now, finishedAt: now, status: 'succeeded' }).returning({ id: importRuns.id }),
    );
    // The run revised two weeks, and saw a third for the first time (not a revision: no notice).
    await mine.write(async (tx) => {
      await tx.insert(figureRevisions).values([
        ...weeks.map((week) => ({
          dataset: 'market' as const,
          figure: String(series!.id),
          period: week.period,
          seenAt: now,
          value: week.value + 700,
          runId: run!.id,
          revised: true,
        })),
        { dataset: 'market' as const, figure: String(series!.id), period: '2100-01-01', seenAt: now, value: 1, runId: run!.id, revised: false },
      ]);
    });
    const recorder = planRecorder(server);
    const found = await revisedCitations(run!.id, now, recorder.db);
    const citingWeek = [weeks[0]!, weeks[0]!, weeks[1]!];
    const ours = new Set(citing.map((s) => s.id));
    expect(
      found
        .filter((n) => ours.has(n.articleId))
        .map((n) => ({
          articleId: n.articleId,
          period: n.period,
          valueAsPublished: n.valueAsPublished,
          previousValue: n.previousValue,
          value: n.value,
        })),
    ).toEqual(
      citing
        .map((s, i) => ({
          articleId: s.id,
          period: citingWeek[i]!.period,
          valueAsPublished: citingWeek[i]!.value,
          previousValue: citingWeek[i]!.value,
          value: citingWeek[i]!.value + 700,
        }))
        .sort((a, b) => a.period.localeCompare(b.period) || a.articleId - b.articleId),
    );
    expect(found.every((n) => n.seriesSlug === 'crude-inventories' && n.runId === run!.id && n.revisedAt.getTime() === now.getTime())).toBe(true);
    // One statement: the run's revisions, their series and the stories citing each, joined.
    expect(recorder.plans.map((p) => p.sql)).toEqual([expect.stringMatching(/article_citations/)]);
  }, 300_000);

  it('reads the notices a run’s watch wrote for the audit trail in one statement, however many stories cite the figure', async () => {
    const history = (await api.call('GET', '/api/series/crude-inventories')).json['observations'] as { period: string; value: number }[];
    const week = history.at(-5)!;
    const citing = [await story(week), await story(week), await story(week)];
    const [series] = await db().select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'crude-inventories'));
    const now = new Date();
    const mine = access[0]!;
    const [run] = await mine.write(
      async (tx) => await tx.insert(importRuns).values({ startedAt: now, finishedAt: now, status: 'succeeded' }).returning({ id: importRuns.id }),
    );
    await mine.write(async (tx) => {
      await tx.insert(figureRevisions).values({
        dataset: 'market',
        figure: String(series!.id),
        period: week.period,
        seenAt: now,
        value: week.value + 500,
        runId: run!.id,
        revised: true,
      });
      await tx.insert(revisionWatches).values({ runId: run!.id, requestedAt: now });
    });
    const recorder = planRecorder(server);
    expect(await watchRun(run!.id, now, { read: recorder.db, write: recorder.writeTransaction })).toBe(3);
    for (const s of citing) expect(await trailOf(s.id)).toHaveLength(1);
    const noticeReads = recorder.plans.filter((p) => /^select\b/i.test(p.sql) && /\bfrom "figure_revision_notices"/.test(p.sql));
    expect(noticeReads).toHaveLength(1);
  }, 300_000);
});
