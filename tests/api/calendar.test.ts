import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarEvents, marketObservations, marketSeries, releaseChanges } from '@db/schema';
import { releasesBetween } from '@/lib/release-calendar';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { listCalendarEventsBetween, listCalendarEventsPage } from '@/server/queries/calendar-events';
import { listReleaseChangesFor, listReleaseChangesPage } from '@/server/queries/release-changes';
import { fetchCurrent, purgeEveryPage } from '../helpers/purge.ts';
import { apiClient } from '../helpers/api-client.ts';
import { planRecorder, planShapes, sortedPages } from '../helpers/query-plans.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'calendar-admin-password';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const api = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await api.signIn()));

const today = () => zonedParts(new Date(), 'America/New_York').day;
const page = async () => (await fetchCurrent(`${server.url}/calendar`)).text();
const feed = async () => {
  const response = await fetchCurrent(`${server.url}/calendar.ics`);
  return { response, text: await response.text() };
};
const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

/** The page's entry for one release or event (its list item), as text. */
function entryHtml(html: string, id: string): string {
  const start = html.indexOf(`data-entry="${id}"`);
  if (start === -1) return '';
  return html.slice(start, html.indexOf('</li>', start));
}

describe('the release calendar page', () => {
  it('lists the coming EIA releases with their times in US Eastern and links to their series', async () => {
    const response = await fetch(`${server.url}/calendar`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const html = await response.text();
    const next = releasesBetween(addDays(today(), 1), addDays(today(), 14));
    const wpsr = next.find((r) => r.kind === 'wpsr');
    const storage = next.find((r) => r.kind === 'storage');
    expect(wpsr && storage).toBeTruthy();
    const wpsrHtml = entryHtml(html, wpsr!.id);
    expect(wpsrHtml).toContain('Weekly Petroleum Status Report');
    expect(wpsrHtml).toContain(`datetime="${wpsr!.startsAt.toISOString()}"`);
    expect(wpsrHtml).toContain('href="/markets/crude-inventories"');
    expect(wpsrHtml).toContain('href="/markets/cushing-stocks"');
    expect(entryHtml(html, storage!.id)).toContain('href="/markets/gas-storage"');
    expect(html).toContain('href="webcal://localhost:4321/calendar.ics"');
    expect(html).toContain('href="/calendar.ics"');
    // No interaction, no JavaScript.
    expect(html).not.toMatch(/<script[^>]+type="module"/);
  });

  it('pages the coming weeks four at a time and filters by kind, by plain links and a GET form', async () => {
    const first = await page();
    const second = await (await fetch(`${server.url}/calendar?page=2`)).text();
    const later = releasesBetween(addDays(today(), 35), addDays(today(), 49)).find((r) => r.kind === 'wpsr')!;
    expect(entryHtml(first, later.id)).toBe('');
    expect(entryHtml(second, later.id)).toContain('Weekly Petroleum Status Report');
    expect(first).toContain('href="/calendar?page=2"');
    expect(second).toContain('rel="prev"');
    expect(second).not.toContain('Released in the last four weeks');
    expect(first).toMatch(/<form method="get" action="\/calendar"/);
    const storage = await (await fetch(`${server.url}/calendar?kind=storage`)).text();
    const kinds = [...storage.matchAll(/data-entry="([a-z-]+)-\d{4}-\d{2}-\d{2}"/g)].map((m) => m[1]);
    expect(kinds.length).toBeGreaterThan(4);
    expect(new Set(kinds)).toEqual(new Set(['storage']));
    // Unknown values show the first page of everything.
    const fallback = await fetch(`${server.url}/calendar?kind=nope&page=99`);
    expect(fallback.status).toBe(200);
    expect(await fallback.text()).toContain('Released in the last four weeks');
  });

  it('is in the sitemap and the footer', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemaps/pages.xml`)).text();
    expect(sitemap).toContain('<loc>http://localhost:4321/calendar</loc>');
    expect(await page()).toMatch(/<a[^>]+href="\/calendar"[^>]*>\s*Release Calendar/);
  });

  it('shows a release that is out as published with its headline figure once an import stored it', async () => {
    const last = releasesBetween(addDays(today(), -14), today())
      .filter((r) => r.kind === 'wpsr' && r.startsAt.getTime() < Date.now())
      .at(-1)!;
    expect(entryHtml(await page(), last.id)).toContain('Released');
    const db = server.database.db;
    // The seed holds a sample series under this slug; an import makes it EIA's.
    const [series] = await db
      .update(marketSeries)
      .set({ name: 'US Crude Oil Inventories', unit: 'million bbl', source: 'eia:petroleum/stoc/wstk?series=WCESTUS1', decimals: 1 })
      .where(eq(marketSeries.slug, 'crude-inventories'))
      .returning();
    for (const [period, value] of [
      [addDays(last.period!, -7), 430.1],
      [last.period!, 428.9],
    ] as const) {
      await db
        .insert(marketObservations)
        .values({ seriesId: series!.id, period, value })
        .onConflictDoUpdate({ target: [marketObservations.seriesId, marketObservations.period], set: { value } });
    }
    await purgeEveryPage(db);
    const html = entryHtml(await page(), last.id);
    expect(html).toContain('data-status="published"');
    expect(html).toContain('US Crude Oil Inventories 428.9 million bbl (−1.2)');
    expect(html).toContain('Source: U.S. EIA');
  });
});

describe('the iCalendar feed', () => {
  it('is text/calendar and parses as RFC 5545 with a VTIMEZONE for America/New_York', async () => {
    const { response, text } = await feed();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('EnergyPulse');
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/New_York');
  });

  it('has a stable UID, a UTC DTSTAMP and an Eastern start for every event, inside its window', async () => {
    const { text } = await feed();
    const calendar = parse(text);
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(200);
    const uids = events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const from = Date.parse(`${addDays(today(), -93)}T00:00:00Z`);
    const to = Date.parse(`${addDays(today(), 368)}T00:00:00Z`);
    for (const v of calendar.getAllSubcomponents('vevent')) {
      const stamp = v.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.zone?.tzid).toBe('UTC');
      const start = v.getFirstProperty('dtstart')!;
      expect(start.getParameter('tzid')).toBe('America/New_York');
    }
    // Each release's start, read through the feed's own VTIMEZONE, is the instant the rules give.
    const releases = releasesBetween(addDays(today(), -90), addDays(today(), 365));
    for (const release of releases.filter((r) => r.kind === 'wpsr' || r.kind === 'storage')) {
      const event = events.find((e) => e.uid === `${release.id}@localhost`);
      expect(event, release.id).toBeDefined();
      const start = event!.startDate;
      start.zone = zone;
      expect(start.toJSDate().toISOString(), release.id).toBe(release.startsAt.toISOString());
    }
    for (const e of events) {
      const start = e.startDate.toJSDate().getTime();
      expect(start).toBeGreaterThanOrEqual(from);
      expect(start).toBeLessThan(to);
    }
    // The same UIDs a minute later: calendar apps update events rather than duplicate them.
    await purgeEveryPage(server.database.db);
    const again = parse((await feed()).text)
      .getAllSubcomponents('vevent')
      .map((v) => String(v.getFirstPropertyValue('uid')));
    expect(again).toEqual(uids);
  });
});

describe('editor events (admin API)', () => {
  const valid = {
    title: 'OPEC+ ministerial meeting',
    kind: 'opec',
    startsAt: `${addDays(today(), 10)}T08:00`,
    endsAt: `${addDays(today(), 10)}T12:30`,
    location: 'Vienna',
    url: 'https://www.opec.org/',
  };

  it('is admin-only', async () => {
    expect((await api.call('GET', '/api/admin/calendar-events')).status).toBe(401);
    expect((await api.call('POST', '/api/admin/calendar-events', { body: valid })).status).toBe(401);
    expect((await api.call('PATCH', '/api/admin/calendar-events/1', { body: valid })).status).toBe(401);
    expect((await api.call('DELETE', '/api/admin/calendar-events/1')).status).toBe(401);
  });

  const eventCount = async () => (await server.database.db.select().from(calendarEvents)).length;

  it('shows the sample OPEC+ and FERC meetings of a fresh install on the page and in the feed, marked as samples', async () => {
    const seeded = await server.database.db.select().from(calendarEvents);
    expect(seeded.map((e) => e.kind).sort()).toEqual(['ferc', 'opec']);
    const html = await page();
    const ics = parse((await feed()).text).getAllSubcomponents('vevent');
    for (const event of seeded) {
      expect(entryHtml(html, `event-${event.id}`)).toContain(event.title);
      expect(event.title).toMatch(/\(sample event\)$/);
      expect(ics.find((v) => v.getFirstPropertyValue('uid') === `event-${event.id}@localhost`)?.getFirstPropertyValue('summary')).toBe(event.title);
    }
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const before = await eventCount();
    const bad = await api.call('POST', '/api/admin/calendar-events', {
      cookie,
      body: { title: ' ', kind: 'party', startsAt: '2026-02-30T10:00', endsAt: 'soon', url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json['errors'] as object).sort()).toEqual(['endsAt', 'kind', 'startsAt', 'title', 'url']);
    const backwards = await api.call('POST', '/api/admin/calendar-events', { cookie, body: { ...valid, endsAt: `${addDays(today(), 9)}T08:00` } });
    expect(backwards.status).toBe(400);
    expect(backwards.json['errors']).toEqual({ endsAt: ['The end must be after the start'] });
    expect((await api.call('POST', '/api/admin/calendar-events', { cookie, body: [] })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('adds, edits and deletes an event, which the page and the feed show at once', async () => {
    const before = await eventCount();
    const created = await api.call('POST', '/api/admin/calendar-events', { cookie, body: valid });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject(valid);
    const id = created.json['id'] as number;
    // 08:00 Eastern, stored as the instant.
    const [row] = await server.database.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    expect(zonedParts(row!.startsAt, 'America/New_York')).toMatchObject({ day: addDays(today(), 10), time: '08:00' });

    let html = entryHtml(await page(), `event-${id}`);
    expect(html).toContain('OPEC+ ministerial meeting');
    expect(html).toContain('OPEC+ meeting');
    expect(html).toContain('Vienna');
    let ics = parse((await feed()).text);
    let event = ics.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === `event-${id}@localhost`);
    expect(event?.getFirstPropertyValue('location')).toBe('Vienna');
    expect(String(event?.getFirstPropertyValue('dtend'))).toContain('T12:30:00');

    const list = await api.call('GET', '/api/admin/calendar-events', { cookie });
    expect(list.json).toMatchObject({ total: before + 1, page: 1, pageSize: 50 });
    expect(list.json['items']).toContainEqual(expect.objectContaining({ id, title: valid.title }));

    const edited = await api.call('PATCH', `/api/admin/calendar-events/${id}`, { cookie, body: { ...valid, title: 'OPEC+ JMMC', endsAt: '' } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ title: 'OPEC+ JMMC', endsAt: '' });
    html = entryHtml(await page(), `event-${id}`);
    expect(html).toContain('OPEC+ JMMC');
    ics = parse((await feed()).text);
    event = ics.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === `event-${id}@localhost`);
    expect(event?.getFirstPropertyValue('summary')).toBe('OPEC+ JMMC');

    expect((await api.call('PATCH', '/api/admin/calendar-events/999999', { cookie, body: valid })).status).toBe(404);
    expect((await api.call('DELETE', '/api/admin/calendar-events/abc', { cookie })).status).toBe(404);
    expect((await api.call('DELETE', `/api/admin/calendar-events/${id}`, { cookie })).status).toBe(204);
    expect((await api.call('DELETE', `/api/admin/calendar-events/${id}`, { cookie })).json).toEqual({ message: 'Calendar event not found' });
    expect(entryHtml(await page(), `event-${id}`)).toBe('');
  });
});

describe("EIA's changes to its releases (admin API)", () => {
  // The next Weekly Petroleum Status Report, an hour or more away.
  const wpsr = () => releasesBetween(today(), addDays(today(), 14)).find((r) => r.kind === 'wpsr' && r.startsAt.getTime() > Date.now() + 3_600_000)!;
  const nextUpdate = async (slug: string) => {
    const html = await (await fetchCurrent(`${server.url}/markets/${slug}`)).text();
    const at = html.indexOf('data-testid="next-release"');
    return at === -1 ? '' : html.slice(at, html.indexOf('</span>', at));
  };
  const vevent = async (uid: string) =>
    parse((await feed()).text)
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === uid);

  it('is admin-only', async () => {
    expect((await api.call('GET', '/api/admin/release-changes')).status).toBe(401);
    expect((await api.call('PUT', `/api/admin/release-changes/${wpsr().id}`, { body: {} })).status).toBe(401);
    expect((await api.call('DELETE', `/api/admin/release-changes/${wpsr().id}`)).status).toBe(401);
  });

  it('refuses a bad time, a move of more than 30 days and a release the rules do not give, storing nothing', async () => {
    const path = `/api/admin/release-changes/${wpsr().id}`;
    const bad = await api.call('PUT', path, { cookie, body: { startsAt: 'soon', note: 'x'.repeat(301) } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json['errors'] as object).sort()).toEqual(['note', 'startsAt']);
    const far = await api.call('PUT', path, { cookie, body: { startsAt: `${addDays(wpsr().day, 45)}T10:30` } });
    expect(far.status).toBe(400);
    expect(far.json['errors']).toEqual({ startsAt: ['A release can be moved at most 30 days from its usual day'] });
    // A Tuesday is no WPSR day.
    const unknown = await api.call('PUT', `/api/admin/release-changes/wpsr-${addDays(wpsr().scheduledDay, -1)}`, { cookie, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'No such EIA release on the calendar' });
    expect(await server.database.db.select().from(releaseChanges)).toHaveLength(0);
  });

  it('moves a release, then postpones it, then puts it back: the page and the feed follow each step', async () => {
    const release = wpsr();
    const uid = `${release.id}@localhost`;
    const newDay = addDays(release.day, 1);
    const moved = await api.call('PUT', `/api/admin/release-changes/${release.id}`, {
      cookie,
      body: { startsAt: `${newDay}T11:00`, note: 'EIA: delayed by a systems outage.' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ releaseId: release.id, startsAt: `${newDay}T11:00`, scheduledAt: `${release.day}T${release.time}` });

    let html = entryHtml(await page(), release.id);
    expect(html).toContain(`datetime="${newDay}T`);
    expect(html).toMatch(/Moved by EIA from [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 10:30 AM ET\./);
    expect(html).toContain('EIA: delayed by a systems outage.');
    let event = await vevent(uid);
    expect(String(event?.getFirstPropertyValue('dtstart'))).toBe(`${newDay}T11:00:00`);
    expect(event?.getFirstPropertyValue('sequence')).toBe(1);
    expect(String(event?.getFirstPropertyValue('description'))).toContain('Moved by EIA from');
    // The series it updates says when it comes now.
    expect(await nextUpdate('crude-inventories')).toMatch(
      /Next update: [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 11:00 AM ET, Weekly Petroleum Status Report\./,
    );

    // EIA takes the new date back: postponed, no date yet.
    const postponed = await api.call('PUT', `/api/admin/release-changes/${release.id}`, { cookie, body: { startsAt: '', note: '' } });
    expect(postponed.status).toBe(200);
    const whole = await page();
    // Still ahead: listed under Upcoming, in the week it was due, with an anchor the series page links to.
    expect(whole.indexOf(`id="${release.id}"`)).toBeGreaterThan(whole.indexOf('id="upcoming"'));
    expect(whole.indexOf(`id="${release.id}"`)).toBeLessThan(whole.indexOf('id="released"'));
    html = entryHtml(whole, release.id);
    expect(html).toContain('data-status="postponed"');
    expect(html).toContain('new date to come');
    event = await vevent(uid);
    expect(event?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event?.getFirstPropertyValue('sequence')).toBe(2);
    expect(event?.getFirstPropertyValue('summary')).toBe('Postponed: Weekly Petroleum Status Report');
    expect(String(event?.getFirstPropertyValue('dtstart'))).toBe(`${release.day}T${release.time}:00`);
    expect(await nextUpdate('crude-inventories')).toContain('Next update postponed by EIA, was due');

    const list = await api.call('GET', '/api/admin/release-changes', { cookie });
    expect(list.json).toMatchObject({ total: 1, page: 1, pageSize: 50, items: [{ releaseId: release.id, startsAt: '', note: '' }] });
    expect((list.json['releases'] as { releaseId: string }[]).map((r) => r.releaseId)).toContain(release.id);

    expect((await api.call('DELETE', `/api/admin/release-changes/${release.id}`, { cookie })).status).toBe(204);
    expect((await api.call('DELETE', `/api/admin/release-changes/${release.id}`, { cookie })).status).toBe(404);
    html = entryHtml(await page(), release.id);
    expect(html).toContain('data-status="upcoming"');
    expect(html).not.toContain('by EIA from');
    expect(String((await vevent(uid))?.getFirstPropertyValue('dtstart'))).toBe(`${release.day}T${release.time}:00`);
  });
});

describe('reading events at any number of them', () => {
  it('takes the window and the admin page through the index on starts_at, in its order', async () => {
    const recorder = planRecorder(server);
    await listCalendarEventsBetween(new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), 500, recorder.db);
    await listCalendarEventsPage(0, 50, recorder.db);
    expect(planShapes(recorder.plans)).toEqual([
      'SEARCH calendar_events USING INDEX (starts_at>? AND starts_at<?)',
      'SCAN calendar_events USING INDEX',
    ]);
    expect(sortedPages(recorder.plans)).toEqual([]);
  });

  it("reads EIA's release changes by primary key for the calendar's window, and pages them through the index on scheduled_at", async () => {
    const recorder = planRecorder(server);
    await listReleaseChangesFor(['wpsr-2026-11-25', 'storage-2026-11-26'], recorder.db);
    await listReleaseChangesPage(0, 50, recorder.db);
    expect(planShapes(recorder.plans)).toEqual([
      expect.stringMatching(/^SEARCH release_changes USING (INDEX|PRIMARY KEY) \(release_id=\?\)$/),
      'SCAN release_changes USING INDEX',
    ]);
    expect(sortedPages(recorder.plans)).toEqual([]);
  });
});
