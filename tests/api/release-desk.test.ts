import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articleCitations, articleNotes, articles, auditLog, releaseBriefs } from '@db/schema';
import { FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { jobWatcher } from '../helpers/scheduled-jobs.ts';
import { useFake } from '../helpers/suite.ts';
import { storageRelease } from '../helpers/storage-release.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The release desk (#33): a scheduled import that brings a new weekly release writes a draft
// brief into the review queue, from the figures (the change against last week, the week's
// five-year range, the record), with the figure and the chart as references to the data; once,
// whatever runs again; never published by itself; the calendar links to it once an editor
// published it.
const PASSWORD = 'release-desk-password';
const now = Date.now();
const { release, week, routes, released } = storageRelease(now);

const eia = useFake(() => startFakeEia({ routes }));
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` }));
const api = apiClient(server, PASSWORD);
const desk = jobWatcher(server, 'release-desk');
let cookie: string;
beforeAll(async () => (cookie = await api.signIn()));

interface Row {
  id: number;
  slug: string;
  title: string;
  status: string;
  reviewState: string | null;
}
const reviewQueue = async (): Promise<Row[]> => (await api.call('GET', '/api/admin/articles?status=review', { cookie })).json['items'] as Row[];
const storageBriefs = async () => (await reviewQueue()).filter((a) => a.title.startsWith('Working gas in storage'));

/** Imports from the fake as the schedule's run does, and waits for the desk's run the import asked for. */
async function importAndDraft(): Promise<void> {
  const since = new Date();
  const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
  expect(res.status, res.text).toBe(200);
  await desk.waitForRunAfter(since);
}

describe('the release desk', () => {
  it('drafts no storage brief while the release’s week is not imported', async () => {
    await importAndDraft();
    expect(await storageBriefs()).toEqual([]);
    expect(await server.database.db.select().from(releaseBriefs).where(eq(releaseBriefs.releaseId, release.id))).toEqual([]);
  });

  it('drafts the brief of the new week into the review queue: the change, the five-year range, the record, the figure and the chart', async () => {
    eia.routes.get('natural-gas/stor/wkly')!.push(released);
    await importAndDraft();
    const queued = await storageBriefs();
    expect(queued).toHaveLength(1);
    const brief = queued[0]!;
    expect(brief).toEqual(
      expect.objectContaining({
        title: 'Working gas in storage rises 30 Bcf to 3,950 Bcf, a record high in our data',
        status: 'draft',
        reviewState: 'submitted',
      }),
    );
    const full = (await api.call('GET', `/api/admin/articles/${brief.id}`, { cookie })).json;
    const content = full['content'] as string;
    expect(full['excerpt']).toMatch(
      /^Working gas in storage rose by 30 Bcf to 3,950 Bcf in the week ending [A-Z][a-z]+ \d+, \d{4}, from 3,920 Bcf a week earlier, the U\.S\. Energy/,
    );
    expect(content).toContain(`<data-figure series="gas-storage" date="${week}" value="3950"></data-figure>`);
    expect(content).toContain(
      'That is above the range of the same week over the previous five years, 3,500 Bcf to 3,900 Bcf, and 250 Bcf above the five-year average of 3,700 Bcf.',
    );
    expect(content).toMatch(/It is the highest level in the weekly figures we hold, which go back to the week ending [A-Z][a-z]{2} \d+, \d{4}\./);
    expect(content).toMatch(/<data-chart kind="markets" key="gas-storage" range="1y" caption="[^"]+"><\/data-chart>/);
    expect(full['author']).toBe('Data Desk');

    const db = server.database.db;
    // Its searchable text reads the figure as its value, as any story's does.
    const [text] = await db.select({ contentText: articles.contentText }).from(articles).where(eq(articles.id, brief.id));
    expect(text?.contentText).toMatch(/to 3,950 Bcf in the week ending/);
    expect(await db.select().from(releaseBriefs).where(eq(releaseBriefs.releaseId, release.id))).toEqual([
      expect.objectContaining({ kind: 'storage', seriesSlug: 'gas-storage', period: week, articleId: brief.id }),
    ]);
    // Its figure and chart are citations like any story's.
    const cited = await db.select().from(articleCitations).where(eq(articleCitations.articleId, brief.id));
    expect(cited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ element: 'figure', key: 'gas-storage', period: week, valueAsPublished: 3950 }),
        expect.objectContaining({ element: 'chart', key: 'gas-storage' }),
      ]),
    );
    const [note] = await db.select().from(articleNotes).where(eq(articleNotes.articleId, brief.id));
    expect(note).toEqual(expect.objectContaining({ kind: 'submitted', username: 'Release desk', userId: null }));
    expect(note?.body).toContain(`/calendar#${release.id}`);
    // The editors' notice tells the desk of drafts submitted for review from the trail.
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(brief.id))),
    ).toEqual([expect.objectContaining({ action: 'article_submitted', actorName: 'Release desk', actorId: null })]);
  });

  it('drafts it once: another import and more runs of the job write nothing new; readers see nothing until an editor publishes it', async () => {
    // The same figures again: nothing new is written (so the import asks the desk for nothing); the desk runs anyway.
    const again = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
    expect(again.status, again.text).toBe(200);
    const since = new Date();
    await desk.makeDue();
    await desk.waitForRunAfter(since);
    const queued = await storageBriefs();
    expect(queued).toHaveLength(1);
    expect(await server.database.db.select().from(releaseBriefs).where(eq(releaseBriefs.seriesSlug, 'gas-storage'))).toHaveLength(1);
    const brief = queued[0]!;
    expect((await api.call('GET', `/article/${brief.slug}`)).status).toBe(404);
    const calendar = await api.currentPage('/calendar?kind=storage');
    expect(calendar.text).not.toContain('data-testid="release-brief"');

    const published = await api.call('PATCH', `/api/articles/${brief.id}`, { cookie, body: { status: 'published' } });
    expect(published.status, published.text).toBe(200);
    const [row] = await server.database.db.select({ reviewState: articles.reviewState }).from(articles).where(eq(articles.id, brief.id));
    expect(row?.reviewState).toBeNull();
    const entry = (await api.currentPage('/calendar?kind=storage')).text;
    const item = entry.slice(entry.indexOf(`id="${release.id}"`), entry.indexOf('</li>', entry.indexOf(`id="${release.id}"`)));
    expect(item).toContain('data-testid="release-brief"');
    expect(item).toContain(`href="/article/${brief.slug}"`);
  });
});
