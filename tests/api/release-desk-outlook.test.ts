import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articleCitations, articleNotes, releaseBriefs } from '@db/schema';
import { releasesBetween } from '@/lib/release-calendar';
import { SITE_TIME_ZONE } from '@/lib/format';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { apiClient } from '../helpers/api-client.ts';
import { jobWatcher } from '../helpers/scheduled-jobs.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

// The release desk and a new Short-Term Energy Outlook (#33): an import after the outlook is out
// that stores its new forecasts writes one draft brief into the review queue, each forecast
// series' figure for the month after its history as a reference to the data, against what the
// previous outlook said, with the lead series' chart; nothing before the outlook is out.
// The outlook's day comes from the calendar's rule; the test moves it as an editor records
// EIA's change of a release (PUT /api/admin/release-changes): first to tomorrow (so the
// first import, of the previous outlook's figures, comes before it), then to a minute ahead.
const PASSWORD = 'release-desk-outlook-password';
const eia = useFake(() => startFakeEia());
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` }));
const api = apiClient(server, PASSWORD);
const desk = jobWatcher(server, 'release-desk');
let cookie: string;
beforeAll(async () => (cookie = await api.signIn()));

const easternNow = () => zonedParts(new Date(), SITE_TIME_ZONE);
/** The outlook of this month or the next: the first whose rule's day is at most 8 days ago (none earlier is within the desk's week). */
const outlook = releasesBetween(addDays(easternNow().day, -8), addDays(easternNow().day, 40)).find((r) => r.kind === 'steo')!;

interface Row {
  id: number;
  title: string;
  status: string;
  reviewState: string | null;
}
const outlookBriefs = async (): Promise<Row[]> =>
  ((await api.call('GET', '/api/admin/articles?status=review', { cookie })).json['items'] as Row[]).filter(
    (a) => a.title.startsWith('EIA’s outlook') || a.title.startsWith("EIA's outlook"),
  );

/** Moves the outlook to `startsAt` (US Eastern, YYYY-MM-DDTHH:MM), as an editor records EIA's change. */
async function moveOutlook(startsAt: string): Promise<void> {
  const res = await api.call('PUT', `/api/admin/release-changes/${outlook.id}`, { cookie, body: { startsAt, note: '' } });
  expect(res.status, res.text).toBe(200);
}

/** Imports from the fake and waits for the desk's run after it (the import asks for one when it stored figures; else one is made due). */
async function importAndDraft(): Promise<void> {
  const since = new Date();
  const res = await api.call('POST', '/api/admin/market-data/refresh', { cookie });
  expect(res.status, res.text).toBe(200);
  await desk.makeDue();
  await desk.waitForRunAfter(since);
}

describe('the release desk and a new outlook', () => {
  let month: string;
  let previous: number;

  it('drafts no outlook brief while the outlook is not out, whatever the import stores', async () => {
    await moveOutlook(`${addDays(easternNow().day, 1)}T12:00`);
    await importAndDraft();
    expect(await outlookBriefs()).toEqual([]);
    expect(await server.database.db.select().from(releaseBriefs).where(eq(releaseBriefs.releaseId, outlook.id))).toEqual([]);
    // The month the brief will lead with: the one after WTI's latest day, and the previous outlook's forecast of it.
    const wti = (await api.call('GET', '/api/series/wti')).json['observations'] as { period: string }[];
    const next = new Date(`${wti.at(-1)!.period.slice(0, 7)}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    month = next.toISOString().slice(0, 10);
    const forecast = (await api.call('GET', '/api/series/wti-steo')).json['observations'] as { period: string; value: number }[];
    previous = forecast.find((o) => o.period === month)!.value;
    expect(previous).toBeGreaterThan(0);
  });

  it('drafts the brief of the new outlook into the review queue: each forecast, the previous outlook’s, the chart', async () => {
    // The outlook comes out at the next whole minute at least 20 s away; its forecasts change with it.
    const out = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const at = zonedParts(out, SITE_TIME_ZONE);
    await moveOutlook(`${at.day}T${at.time}`);
    await expect.poll(() => Date.now(), { timeout: 90_000, interval: 1_000 }).toBeGreaterThan(out.getTime());
    const row = eia.routes.get('steo')!.find((r) => r['seriesId'] === 'WTIPUUS' && r['period'] === month.slice(0, 7))!;
    row['value'] = String(previous + 1.25);
    await importAndDraft();

    const queued = await outlookBriefs();
    expect(queued).toHaveLength(1);
    const brief = queued[0]!;
    const value = `$${(previous + 1.25).toFixed(2)}/bbl`;
    expect(brief).toEqual(expect.objectContaining({ status: 'draft', reviewState: 'submitted' }));
    expect(brief.title).toMatch(new RegExp(`^EIA's outlook: WTI crude forecast \\${value.replace('.', '\\.')} for [A-Z][a-z]+ \\d{4}$`));
    const full = (await api.call('GET', `/api/admin/articles/${brief.id}`, { cookie })).json;
    const content = full['content'] as string;
    expect(full['excerpt']).toMatch(
      /^The U\.S\. Energy Information Administration published its Short-Term Energy Outlook on [A-Z][a-z]+ \d+, \d{4}\. EIA expects /,
    );
    expect(content).toContain(`<data-figure series="wti-steo" date="${month}" value="${previous + 1.25}"></data-figure>`);
    expect(content).toContain(`, up from $${previous.toFixed(2)}/bbl in the previous outlook.`);
    // Every forecast series of the outlook, each its own figure (for the month after its own history); the lead series' chart.
    for (const slug of ['brent-steo', 'henry-hub-steo', 'electricity-steo'])
      expect(content).toMatch(new RegExp(`<data-figure series="${slug}" date="\\d{4}-\\d{2}-01" value="[\\d.]+"></data-figure>`));
    expect(content).toMatch(/<data-chart kind="markets" key="wti" range="1y" caption="[^"]+"><\/data-chart>/);
    const db = server.database.db;
    expect(await db.select().from(releaseBriefs).where(eq(releaseBriefs.releaseId, outlook.id))).toEqual([
      expect.objectContaining({ kind: 'steo', seriesSlug: 'wti-steo', articleId: brief.id }),
    ]);
    expect(await db.select().from(articleCitations).where(eq(articleCitations.articleId, brief.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ element: 'figure', key: 'wti-steo', period: month, valueAsPublished: previous + 1.25 })]),
    );
    const [note] = await db.select().from(articleNotes).where(eq(articleNotes.articleId, brief.id));
    expect(note).toEqual(expect.objectContaining({ kind: 'submitted', username: 'Release desk', userId: null }));
    expect(note?.body).toContain(`/calendar#${outlook.id}`);
    // Never published by itself.
    expect((await api.call('GET', `/article/${full['slug'] as string}`)).status).toBe(404);
  }, 300_000);

  it('drafts it once: another import with new forecasts writes nothing new', async () => {
    const row = eia.routes.get('steo')!.find((r) => r['seriesId'] === 'WTIPUUS' && r['period'] === month.slice(0, 7))!;
    row['value'] = String(previous + 2.5);
    await importAndDraft();
    expect(await outlookBriefs()).toHaveLength(1);
    expect(await server.database.db.select().from(releaseBriefs).where(eq(releaseBriefs.releaseId, outlook.id))).toHaveLength(1);
  });
});
