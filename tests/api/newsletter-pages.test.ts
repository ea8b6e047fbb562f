import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberAlerts, subscriberDataAlerts, subscribers } from '@db/schema';
import type { AdminCounts } from '@/lib/wire/admin';
import type { AdminPage } from '@/lib/wire/common';
import type { AdminSubscriber } from '@/lib/wire/newsletter';
import { apiClient } from '../helpers/api-client.ts';
import { fullScans, planRecorder, planShapes, sortedPages } from '../helpers/query-plans.ts';
import { useTestServer } from '../helpers/test-server.ts';
import { startTestSmtp } from '../fakes/smtp.ts';
import { mailsTo } from '../helpers/staff.ts';
import { expectNewestFirst } from '../helpers/expect-order.ts';

// The reader's side of the newsletter (sign-up form, confirm, preferences, unsubscribe) and
// the admin's subscriber list, on a server that sends mail to a real SMTP server in this
// process, where the tests read the links as a reader would (the outbox never holds a usable one).
const PASSWORD = 'newsletter-pages-password';
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', SMTP_URL: smtp.url }));
const api = apiClient(server, PASSWORD);
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

/** Posts the sign-up form as a browser without JavaScript does. */
function postForm(fields: [string, string][], from = nextAddress()) {
  return fetch(`${server.url}/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': from },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The token of the newest confirmation link mailed to an address, waiting for the mail to arrive. */
async function confirmTokenFor(email: string): Promise<string> {
  const confirmations = () => mailsTo(smtp, email).filter((mail) => mail.subject?.startsWith('Confirm your'));
  await smtp.waitFor(() => confirmations().length > 0, 30_000);
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(confirmations().at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`No confirmation for ${email}`);
  return token;
}

const subscriberOf = async (email: string) => (await server.database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
const page = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
const confirmPost = (token: string) => page(`/newsletter/confirm?token=${token}`, { method: 'POST', headers: { Origin: server.url } });

/** Subscribes through the form and confirms; answers the manage token the confirmed page links to. */
async function subscribeAndConfirm(email: string, fields: [string, string][] = [['dailyBriefing', 'on']]): Promise<string> {
  expect((await postForm([['email', email], ...fields])).status).toBe(200);
  const html = await (await confirmPost(await confirmTokenFor(email))).text();
  const token = /\/newsletter\/preferences\?token=([\w-]+)/.exec(html)?.[1];
  if (!token) throw new Error('The confirmed page has no preferences link');
  return token;
}

/** A subscriber's rows of one of the alerts tables (price alerts, data alerts), as stored. */
async function alertRowsOf<T extends typeof subscriberAlerts | typeof subscriberDataAlerts>(
  table: T,
  subscriberId: number | undefined,
): Promise<T['$inferSelect'][]> {
  return (await server.database.db
    .select()
    .from(table)
    .where(eq(table.subscriberId, subscriberId ?? 0))) as T['$inferSelect'][];
}

/** Subscribes and confirms `email`, then opens the page at `path` with its manage token, which must answer 200. */
async function openWithToken(email: string, path: string): Promise<{ token: string; shown: Response }> {
  const token = await subscribeAndConfirm(email);
  const shown = await page(`${path}?token=${token}`);
  expect(shown.status, path).toBe(200);
  return { token, shown };
}

describe('the sign-up form without JavaScript', () => {
  it('queues a confirmation and says to check the inbox; keeps the choices and the topic', async () => {
    const response = await postForm([
      ['email', 'Form.Reader@Example.com'],
      ['weeklyRoundup', 'on'],
      ['gridWeekly', 'on'],
      ['topics', 'coal'],
      ['website', ''],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('Check your inbox to confirm');
    expect(html).toContain('role="status"');
    expect(await subscriberOf('form.reader@example.com')).toMatchObject({
      status: 'pending',
      dailyBriefing: false,
      weeklyRoundup: true,
      priceAlerts: false,
      gridWeekly: true,
      topics: '["coal"]',
    });
    expect(await confirmTokenFor('form.reader@example.com')).toMatch(/^[\w-]{40,}$/);
  });

  it('shows the field message with what was typed, and 429 with Retry-After when limited', async () => {
    const bad = await postForm([['email', 'not an address']]);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Please enter a valid email address');
    // The field keeps what was typed, says it is wrong and takes the focus.
    expect(html).toMatch(/value="not an address"[^>]*aria-invalid="true"[^>]*autofocus/);
    const from = nextAddress();
    expect((await postForm([['email', 'limit-one@example.com']], from)).status).toBe(200);
    const limited = await postForm([['email', 'limit-two@example.com']], from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/try again in/i);
    expect(await subscriberOf('limit-two@example.com')).toBeUndefined();
  });

  it('answers a form too large for it with a 413 page that shows the form again, never a 5xx', async () => {
    const response = await postForm([
      ['email', 'big-form@example.com'],
      ['note', 'x'.repeat(20 * 1024)],
    ]);
    expect(response.status).toBe(413);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/too large/i);
    expect(html).toMatch(/<form method="post" action="\/newsletter"/);
    expect(await subscriberOf('big-form@example.com')).toBeUndefined();
  });

  it('is one page for every visitor, cached and revalidated like the other pages', async () => {
    const first = await page('/newsletter');
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
    );
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    expect((await page('/newsletter', { headers: { 'If-None-Match': etag ?? '' } })).status).toBe(304);
  });

  it('is in the footer of every page (prerendered too), after articles, and on topic pages with that topic chosen; /newsletter is in the sitemap', async () => {
    for (const path of ['/about', '/news']) expect(await (await page(path)).text()).toMatch(/<form method="post" action="\/newsletter"/);
    const topic = await (await page('/category/coal')).text();
    expect(topic).toMatch(/name="topics" type="checkbox" value="coal" checked/);
    const [article] = (await (await page('/api/articles?limit=1&fields=summary')).json()) as { slug: string; category: { slug: string } }[];
    const articleHtml = await (await page(`/article/${article?.slug ?? ''}`)).text();
    expect(articleHtml).toContain('id="article-newsletter-title"');
    expect(articleHtml).toContain(`value="${article?.category.slug ?? '-'}" checked`);
    expect(await (await page('/sitemaps/pages.xml')).text()).toContain('/newsletter</loc>');
  });
});

describe('/newsletter/confirm', () => {
  it('shows a button on GET and changes nothing, confirms on POST, then says already confirmed', async () => {
    expect((await postForm([['email', 'confirm@example.com']])).status).toBe(200);
    const token = await confirmTokenFor('confirm@example.com');
    const get = await page(`/newsletter/confirm?token=${token}`);
    expect(get.status).toBe(200);
    expect(get.headers.get('Cache-Control')).toBe('no-store');
    expect(get.headers.get('X-Robots-Tag')).toBe('noindex');
    const shown = await get.text();
    expect(shown).toContain('<meta name="robots" content="noindex">');
    expect(shown).toMatch(/<form method="post" action="\/newsletter\/confirm\?token=[\w-]+"/);
    expect((await subscriberOf('confirm@example.com'))?.status).toBe('pending');

    const confirmed = await confirmPost(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You’re subscribed');
    expect((await subscriberOf('confirm@example.com'))?.status).toBe('active');

    const again = await confirmPost(token);
    expect(await again.text()).toContain('Already confirmed');
    expect(await (await page(`/newsletter/confirm?token=${token}`)).text()).toContain('Already confirmed');
  });

  it('says an expired link expired and an unknown one is not valid, each with a form to subscribe again', async () => {
    expect((await postForm([['email', 'late@example.com']])).status).toBe(200);
    const token = await confirmTokenFor('late@example.com');
    await server.database.db
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscribers.email, 'late@example.com'));
    const expired = await confirmPost(token);
    expect(expired.status).toBe(410);
    const expiredHtml = await expired.text();
    expect(expiredHtml).toContain('This confirmation link has expired');
    expect(expiredHtml).toContain('Subscribe again');
    expect((await subscriberOf('late@example.com'))?.status).toBe('pending');
    for (const bad of ['x'.repeat(43), '%%%', '']) {
      const unknown = await page(`/newsletter/confirm?token=${bad}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('This confirmation link is not valid');
    }
  });
});

describe('/newsletter/preferences', () => {
  it('saves choices, topics and price alerts through the JSON endpoint, replacing the alerts', async () => {
    const { token, shown } = await openWithToken('prefs@example.com', '/newsletter/preferences');
    expect(shown.headers.get('Cache-Control')).toBe('no-store');
    expect(await shown.text()).toContain('prefs@example.com');
    const body = {
      token,
      dailyBriefing: false,
      weeklyRoundup: true,
      priceAlerts: true,
      topics: ['oil-gas', 'nuclear'],
      alerts: [
        { seriesSlug: 'wti', kind: 'above', value: 95.5 },
        { seriesSlug: 'henry-hub', kind: 'move', value: 8 },
      ],
    };
    const saved = await api.call('POST', '/api/newsletter/preferences', { body });
    expect(saved.status).toBe(200);
    const subscriber = await subscriberOf('prefs@example.com');
    expect(subscriber).toMatchObject({ dailyBriefing: false, weeklyRoundup: true, priceAlerts: true, topics: '["oil-gas","nuclear"]' });
    const alerts = () => alertRowsOf(subscriberAlerts, subscriber?.id);
    expect((await alerts()).map((a) => [a.seriesSlug, a.kind, a.value])).toEqual([
      ['wti', 'above', 95.5],
      ['henry-hub', 'move', 8],
    ]);
    expect((await api.call('POST', '/api/newsletter/preferences', { body: { ...body, alerts: [body.alerts[1]] } })).status).toBe(200);
    expect((await alerts()).map((a) => a.seriesSlug)).toEqual(['henry-hub']);
    // The grid weekly, chosen; a save that leaves it out (a client older than the edition) keeps it.
    const chosen = await api.call('POST', '/api/newsletter/preferences', { body: { ...body, gridWeekly: true } });
    expect(chosen.json['preferences']).toMatchObject({ dailyBriefing: false, weeklyRoundup: true, priceAlerts: true, gridWeekly: true });
    const older = await api.call('POST', '/api/newsletter/preferences', { body: { ...body, weeklyRoundup: false } });
    expect(older.json['preferences']).toMatchObject({ weeklyRoundup: false, gridWeekly: true });
    expect(await subscriberOf('prefs@example.com')).toMatchObject({ weeklyRoundup: false, gridWeekly: true });
    const off = await api.call('POST', '/api/newsletter/preferences', { body: { ...body, gridWeekly: false } });
    expect(off.json['preferences']).toMatchObject({ gridWeekly: false });
    expect(await subscriberOf('prefs@example.com')).toMatchObject({ gridWeekly: false });
  });

  it('answers a bad link with a clear page and a 404 JSON error, never a 5xx; bad input with field errors', async () => {
    for (const bad of ['x'.repeat(43), '%00', '']) {
      const response = await page(`/newsletter/preferences?token=${bad}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('This preferences link is not valid');
    }
    const base = { dailyBriefing: true, weeklyRoundup: false, priceAlerts: false, topics: [], alerts: [] };
    const unknown = await api.call('POST', '/api/newsletter/preferences', { body: { ...base, token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.json['message']).toMatch(/not valid/);
    const token = await subscribeAndConfirm('prefs-bad@example.com');
    const topic = await api.call('POST', '/api/newsletter/preferences', { body: { ...base, token, topics: ['no-such-topic'] } });
    expect(topic.status).toBe(400);
    expect(topic.json['errors']).toEqual({ topics: ['Unknown topic'] });
    const alert = await api.call('POST', '/api/newsletter/preferences', {
      body: { ...base, token, alerts: [{ seriesSlug: 'wti', kind: 'move', value: 500 }] },
    });
    expect(alert.status).toBe(400);
    expect(alert.json['errors']).toHaveProperty('alerts');
    const series = await api.call('POST', '/api/newsletter/preferences', {
      body: { ...base, token, alerts: [{ seriesSlug: 'bitcoin', kind: 'above', value: 1 }] },
    });
    expect(series.status).toBe(400);
    const plain = await fetch(`${server.url}/api/newsletter/preferences`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: server.url },
      body: JSON.stringify({ ...base, token }),
    });
    expect(plain.status).toBe(415);
  });
});

describe('data alerts on the preferences', () => {
  const base = { dailyBriefing: false, weeklyRoundup: false, priceAlerts: false, topics: [], alerts: [] };

  it('saves gas storage, demand records and state price alerts, shows them again, and keeps them when a save leaves them out', async () => {
    const token = await subscribeAndConfirm('data-alerts@example.com');
    const dataAlerts = {
      storageRange: true,
      demandRecords: ['TEX', 'US48'],
      statePrices: [
        { state: 'TX', sector: 'RES', percent: 5 },
        { state: 'CA', sector: 'ALL', percent: 12.5 },
      ],
    };
    const saved = await api.call('POST', '/api/newsletter/preferences', { body: { ...base, token, dataAlerts } });
    expect(saved.status).toBe(200);
    expect((saved.json['preferences'] as { dataAlerts: unknown }).dataAlerts).toEqual(dataAlerts);
    const subscriber = await subscriberOf('data-alerts@example.com');
    const rows = () => alertRowsOf(subscriberDataAlerts, subscriber?.id);
    expect((await rows()).map((r) => [r.kind, r.subject, r.value])).toEqual([
      ['storage-range', 'gas-storage', null],
      ['demand-record', 'TEX', null],
      ['demand-record', 'US48', null],
      ['state-price', 'TX/RES', 5],
      ['state-price', 'CA/ALL', 12.5],
    ]);
    // The page shows them: the island's props carry the saved alerts.
    const html = await (await page(`/newsletter/preferences?token=${token}`)).text();
    expect(html).toContain('Data alerts');
    expect(html).toContain('&quot;statePrices&quot;:[1,[[0,{&quot;state&quot;:[0,&quot;TX&quot;]');
    // A client that knows nothing of data alerts leaves them as they are.
    const older = await api.call('POST', '/api/newsletter/preferences', { body: { ...base, token, dailyBriefing: true } });
    expect((older.json['preferences'] as { dataAlerts: unknown }).dataAlerts).toEqual(dataAlerts);
    expect(await rows()).toHaveLength(5);
    // An empty set clears them.
    await api.call('POST', '/api/newsletter/preferences', {
      body: { ...base, token, dataAlerts: { storageRange: false, demandRecords: [], statePrices: [] } },
    });
    expect(await rows()).toEqual([]);
  });

  it('answers bad data alerts with the contract’s field errors and stores nothing', async () => {
    const token = await subscribeAndConfirm('data-alerts-bad@example.com');
    const ok = { storageRange: false, demandRecords: [], statePrices: [] };
    const cases: [unknown, string][] = [
      [{ ...ok, demandRecords: ['ERCO'] }, 'Choose a grid region'],
      [{ ...ok, demandRecords: ['TEX', 'TEX'] }, 'Choose each region once'],
      [{ ...ok, statePrices: [{ state: 'XX', sector: 'RES', percent: 5 }] }, 'Choose a state'],
      [{ ...ok, statePrices: [{ state: 'TX', sector: 'TRA', percent: 5 }] }, 'Choose a sector'],
      [{ ...ok, statePrices: [{ state: 'TX', sector: 'RES', percent: 0 }] }, 'A move is a percentage between 0 and 100'],
      [{ ...ok, statePrices: [{ state: 'TX', sector: 'RES', percent: 101 }] }, 'A move is a percentage between 0 and 100'],
      [{ ...ok, statePrices: [{ state: 'TX', sector: 'RES', percent: '5' }] }, 'Enter a number'],
      [
        {
          ...ok,
          statePrices: [
            { state: 'TX', sector: 'RES', percent: 5 },
            { state: 'TX', sector: 'RES', percent: 9 },
          ],
        },
        'Watch each state and sector once',
      ],
      [
        { ...ok, statePrices: Array.from({ length: 21 }, (_, i) => ({ state: 'TX', sector: 'RES', percent: i + 1 })) },
        'At most 20 state price alerts',
      ],
      [{ storageRange: 'yes', demandRecords: [], statePrices: [] }, ''],
    ];
    for (const [dataAlerts, message] of cases) {
      const answer = await api.call('POST', '/api/newsletter/preferences', { body: { ...base, token, dataAlerts } });
      expect(answer.status, JSON.stringify(dataAlerts)).toBe(400);
      expect(answer.json['message']).toEqual(expect.any(String));
      const errors = Object.entries(answer.json['errors'] as Record<string, string[]>);
      expect(errors.length, JSON.stringify(dataAlerts)).toBeGreaterThan(0);
      expect(errors.every(([field]) => field.startsWith('dataAlerts'))).toBe(true);
      if (message) expect(errors.flatMap(([, list]) => list)).toContain(message);
    }
    const subscriber = await subscriberOf('data-alerts-bad@example.com');
    expect(await server.database.db.$count(subscriberDataAlerts, eq(subscriberDataAlerts.subscriberId, subscriber?.id ?? 0))).toBe(0);
  });

  it('finds the readers of an event through the (subject, subscriber) index, from the cursor on', async () => {
    const queries = await import('@/server/queries/subscriber-data-alerts');
    const ann = await subscriberOf('data-alerts-bad@example.com');
    await server.database.db
      .insert(subscriberDataAlerts)
      .values({ subscriberId: ann?.id ?? 0, kind: 'demand-record', subject: 'TEX', createdAt: new Date() });
    const { db, plans } = planRecorder(server);
    const found = await queries.listDataAlertRulesAfter(['gas-storage', 'TEX', 'TX/RES'], 0, 200, db);
    expect(found.map((f) => [f.subscriber.email, f.rules.map((r) => r.subject)])).toEqual([['data-alerts-bad@example.com', ['TEX']]]);
    plans.length = 0;
    await queries.listDataAlertRulesAfter(['gas-storage', 'TEX', 'TX/RES'], 0, 200, db);
    expect(fullScans(plans, ['subscribers', 'subscriber_data_alerts'])).toEqual([]);
    // Driven by the alerts of the event's subjects (from the cursor on), each reader looked up by id.
    expect(planShapes(plans)).toEqual([
      'SEARCH subscriber_data_alerts USING INDEX (subject=? AND subscriber_id>?) | SEARCH subscribers USING INDEX (status=? AND id=? AND rowid=?) | USE TEMP B-TREE FOR DISTINCT',
      expect.stringMatching(/^SEARCH subscribers USING INTEGER PRIMARY KEY/),
      expect.stringMatching(/^SEARCH subscriber_data_alerts USING INDEX/),
    ]);
  });
});

describe('unsubscribing', () => {
  it('shows a button on GET, unsubscribes on POST, and refuses later preference saves with 409', async () => {
    const { token, shown: ask } = await openWithToken('leave@example.com', '/newsletter/unsubscribe');
    expect(ask.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await ask.text()).toMatch(/<form method="post" action="\/newsletter\/unsubscribe\?token=/);
    expect((await subscriberOf('leave@example.com'))?.status).toBe('active');
    const done = await page(`/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You’re unsubscribed');
    expect((await subscriberOf('leave@example.com'))?.status).toBe('unsubscribed');
    const body = { token, dailyBriefing: true, weeklyRoundup: false, priceAlerts: false, topics: [], alerts: [] };
    expect((await api.call('POST', '/api/newsletter/preferences', { body })).status).toBe(409);
    expect((await page('/newsletter/unsubscribe?token=' + 'y'.repeat(43))).status).toBe(404);
  });

  it('takes an RFC 8058 one-click POST from a mail provider (no Origin, no cookies, or another origin) and answers 200', async () => {
    const quiet = await subscribeAndConfirm('one-click@example.com');
    const response = await fetch(`${server.url}/newsletter/unsubscribe?token=${quiet}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await subscriberOf('one-click@example.com'))?.status).toBe('unsubscribed');
    const webmail = await subscribeAndConfirm('webmail@example.com');
    const crossSite = await fetch(`${server.url}/newsletter/unsubscribe?token=${webmail}`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: 'https://mail.example.net', 'Sec-Fetch-Site': 'cross-site' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(crossSite.status).toBe(200);
    expect((await subscriberOf('webmail@example.com'))?.status).toBe('unsubscribed');
  });

  it('exempts only that route and method from the same-origin check', async () => {
    const token = await subscribeAndConfirm('exempt@example.com');
    const foreign = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    const form = { ...foreign, 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await page(`/newsletter/confirm?token=${token}`, { method: 'POST', headers: form, body: '' })).status).toBe(403);
    expect((await page('/newsletter', { method: 'POST', headers: form, body: 'email=x%40example.com' })).status).toBe(403);
    const prefs = { token, dailyBriefing: false, weeklyRoundup: false, priceAlerts: false, topics: [], alerts: [] };
    expect(
      (
        await page('/api/newsletter/preferences', {
          method: 'POST',
          headers: { ...foreign, 'Content-Type': 'application/json' },
          body: JSON.stringify(prefs),
        })
      ).status,
    ).toBe(403);
    expect(
      (await page(`/api/newsletter/subscribe`, { method: 'POST', headers: { ...foreign, 'Content-Type': 'application/json' }, body: '{}' })).status,
    ).toBe(403);
    expect((await subscriberOf('exempt@example.com'))?.dailyBriefing).toBe(true);
    const { isOriginExemptWrite } = await import('@/server/origin');
    expect(isOriginExemptWrite('/newsletter/unsubscribe', 'POST')).toBe(true);
    for (const [route, method] of [
      ['/newsletter/unsubscribe', 'PUT'],
      ['/newsletter/unsubscribe', 'DELETE'],
      ['/newsletter/confirm', 'POST'],
      ['/api/newsletter/preferences', 'POST'],
      ['/newsletter/unsubscribe/[x]', 'POST'],
    ] as const)
      expect(isOriginExemptWrite(route, method), `${method} ${route}`).toBe(false);
  });
});

describe('the admin subscriber list', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await api.signIn();
    const now = Date.now();
    await server.database.db.insert(subscribers).values(
      Array.from({ length: 130 }, (_, i) => ({
        email: `bulk${String(i).padStart(3, '0')}@list.example`,
        status: i % 3 === 0 ? ('pending' as const) : i % 3 === 1 ? ('active' as const) : ('unsubscribed' as const),
        weeklyRoundup: i % 2 === 0,
        topics: i === 5 ? '["coal","nuclear"]' : '[]',
        tokenSalt: `salt-${i}`,
        manageTokenHash: `hash-${i}`,
        createdAt: new Date(now - 86_400_000 - i * 60_000),
      })),
    );
    const [five] = await server.database.db.select().from(subscribers).where(eq(subscribers.email, 'bulk005@list.example'));
    await server.database.db
      .insert(subscriberAlerts)
      .values({ subscriberId: five?.id ?? 0, seriesSlug: 'wti', kind: 'below', value: 60, createdAt: new Date() });
    await server.database.db.insert(subscriberDataAlerts).values([
      { subscriberId: five?.id ?? 0, kind: 'storage-range', subject: 'gas-storage', createdAt: new Date() },
      { subscriberId: five?.id ?? 0, kind: 'demand-record', subject: 'TEX', createdAt: new Date() },
      { subscriberId: five?.id ?? 0, kind: 'state-price', subject: 'TX/RES', value: 5, createdAt: new Date() },
    ]);
  });

  const list = async (query: string) => {
    const res = await api.call('GET', `/api/admin/subscribers${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.json as unknown as AdminPage<AdminSubscriber>;
  };

  it('needs the administrator for the list, the export and removal', async () => {
    expect((await api.call('GET', '/api/admin/subscribers')).status).toBe(401);
    expect((await api.call('GET', '/api/admin/subscribers/export.csv')).status).toBe(401);
    expect((await api.call('DELETE', '/api/admin/subscribers/1')).status).toBe(401);
  });

  it('pages 50 at a time newest first, filters by status, finds addresses by their start, and counts active ones for the tab', async () => {
    const first = await list('');
    expect(first.items).toHaveLength(50);
    expect(first.total).toBeGreaterThanOrEqual(130);
    expectNewestFirst(first.items, (s) => s.createdAt);
    const third = await list('?page=3');
    expect(third.items.length).toBeGreaterThan(0);
    expect(third.items.map((s) => s.id)).not.toContain(first.items[0]?.id);
    const pending = await list('?status=pending');
    expect(pending.items.every((s) => s.status === 'pending')).toBe(true);
    const found = await list('?q=BULK00');
    expect(found.items.map((s) => s.email)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk00${i}@list.example`));
    expect(found.total).toBe(10);
    expect(found.items[5]?.topics).toEqual(['coal', 'nuclear']);
    expect((await list('?q=bulk00&status=active')).items.map((s) => s.email)).toEqual([
      'bulk001@list.example',
      'bulk004@list.example',
      'bulk007@list.example',
    ]);
    expect((await list('?q=' + encodeURIComponent('%'))).items).toEqual([]);
    const counts = (await api.call('GET', '/api/admin/counts', { cookie })).json as unknown as AdminCounts;
    const active = await server.database.db.$count(subscribers, eq(subscribers.status, 'active'));
    expect(counts.subscribers).toBe(active);
  });

  it('exports every subscriber with their choices and alerts as CSV', async () => {
    const res = await fetch(`${server.url}/api/admin/subscribers/export.csv`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'email,status,daily_briefing,weekly_roundup,price_alerts,grid_weekly,topics,alerts,data_alerts,created_at,confirmed_at,unsubscribed_at',
    );
    const total = await server.database.db.$count(subscribers);
    expect(lines).toHaveLength(total + 1);
    expect(lines.find((l) => l.startsWith('bulk005@'))).toMatch(
      /^bulk005@list\.example,unsubscribed,yes,no,no,no,coal nuclear,wti below 60,gas storage out of range; TEX demand record; TX\/RES move 5%,/,
    );
  });

  it('removes one subscriber with their alerts; a second removal is a 404', async () => {
    const [target] = (await list('?q=bulk005')).items;
    expect((await api.call('DELETE', `/api/admin/subscribers/${target?.id}`, { cookie })).status).toBe(204);
    expect(await subscriberOf('bulk005@list.example')).toBeUndefined();
    expect(await server.database.db.$count(subscriberAlerts, eq(subscriberAlerts.subscriberId, target?.id ?? 0))).toBe(0);
    expect(await server.database.db.$count(subscriberDataAlerts, eq(subscriberDataAlerts.subscriberId, target?.id ?? 0))).toBe(0);
    const again = await api.call('DELETE', `/api/admin/subscribers/${target?.id}`, { cookie });
    expect(again.status).toBe(404);
    expect(again.json['message']).toBe('Subscriber not found');
  });

  it('serves every page, filter, search and count from an index, never scanning or sorting the table', async () => {
    const queries = await import('@/server/queries/subscribers');
    const { db, plans } = planRecorder(server);
    for (const status of ['all', 'pending', 'active', 'unsubscribed'] as const) {
      for (const sort of ['newest', 'oldest'] as const) await queries.listSubscriberRows({ filter: { status }, sort, limit: 50, offset: 50 }, db);
      await queries.listSubscriberRows({ filter: { status, q: 'bulk01' }, sort: 'newest', limit: 50, offset: 0 }, db);
      await queries.countSubscribers({ status, q: 'bulk01' }, 1_000, db);
      await queries.countSubscribers({ status }, undefined, db);
    }
    await queries.listSubscribersAfter(0, 500, db);
    await queries.listAlertsOfSubscribers([1, 2, 3], undefined, db);
    await (await import('@/server/queries/subscriber-data-alerts')).listDataAlertsOfSubscribers([1, 2, 3], undefined, db);
    expect(fullScans(plans, ['subscribers', 'subscriber_alerts', 'subscriber_data_alerts', 'articles', 'comments'])).toEqual([]);
    expect(sortedPages(plans)).toEqual([]);
    // The search by the start of an address is a range of an index on the e-mail.
    expect(planShapes(plans)).toContainEqual(expect.stringMatching(/^SEARCH subscribers USING INDEX \(email>\? AND email<\?\)/));
  });

  it('walks each mailing’s readers from its cursor through an index on (status, id), never the whole table', async () => {
    const queries = await import('@/server/queries/subscribers');
    const { db, plans } = planRecorder(server);
    for (const audience of ['dailyBriefing', 'weeklyRoundup', 'priceAlerts', 'gridWeekly', 'topics'] as const) {
      expect((await queries.listAudienceAfter(audience, 0, 200, db)).every((s) => s.status === 'active')).toBe(true);
    }
    expect(plans).toHaveLength(5);
    for (const { sql, plan } of plans) {
      // Active readers only, from the cursor on, in id order: a range of the index, no sort.
      expect(plan.join(' | '), sql).toMatch(/SEARCH subscribers USING (COVERING )?INDEX \w+ \(status=\? AND (?:row)?id>\?\)/);
    }
    expect(sortedPages(plans)).toEqual([]);
  });
});
