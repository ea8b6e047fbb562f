import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { articleViews, articleViewTotals, sourceViews, sourceVisitors } from '@db/schema';
import { campaignLink, VIEW_BEACON_SCRIPT } from '@/lib/view-beacon';
import { SITE_TIME_ZONE } from '@/lib/format';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { apiClient, type ApiResult } from '../helpers/api-client.ts';
import { publicStories } from '../helpers/database.ts';
import { planRecorder } from '../helpers/query-plans.ts';
import { isContractError, rawExchange, stalledWrite } from '../helpers/raw-http.ts';
import { startTestServer, useTestServer, type TestServer } from '../helpers/test-server.ts';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { READERSHIP_MIN_VISITORS, VIEW_FLUSH_INTERVAL_MS } from '@/server/services/readership/view-counter';
import { VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';

// Readership for editors (#24): the page's beacon (`POST /api/views`) counted in memory and
// written in batches, bots left out, no cookie; the admin's figures; campaign-tagged links
// answered from the page cache; the queries behind the screen served by their indexes.
const PASSWORD = 'readership-admin-password';
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' }));
const { call, signIn } = apiClient(server, PASSWORD);
const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let cookie: string;
let stories: { id: number; slug: string }[];
let nextStory = 0;
/** A public story no other test has viewed. */
const freshStory = () => stories[nextStory++]!;
let address = 0;

beforeAll(async () => {
  cookie = await signIn();
  stories = await publicStories(server.database);
  expect(stories.length).toBeGreaterThan(12);
});

/** Sends a beacon as a page of the site would: JSON, from the site's origin, from a reader's browser at `from` (a new address unless told). */
async function beacon(
  body: unknown,
  options: { from?: string; userAgent?: string; type?: string; raw?: string; target?: TestServer; cookie?: string } = {},
) {
  const target = options.target ?? server;
  const headers: Record<string, string> = {
    Origin: target.url,
    'Content-Type': options.type ?? 'application/json',
    'User-Agent': options.userAgent ?? READER,
    'X-Forwarded-For': options.from ?? `198.51.100.${(++address % 250) + 1}`,
  };
  if (options.cookie) headers['Cookie'] = options.cookie;
  const response = await fetch(`${target.url}/api/views`, { method: 'POST', headers, body: options.raw ?? JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const today = () => zonedParts(new Date(), SITE_TIME_ZONE).day;

/** The article's stored views today (0 before any batch wrote them). */
async function storedViews(articleId: number, target: TestServer = server): Promise<number> {
  const [row] = await target.database.db
    .select({ views: articleViews.views })
    .from(articleViews)
    .where(and(eq(articleViews.articleId, articleId), eq(articleViews.day, today())));
  return row?.views ?? 0;
}

/** Waits until a batch has written the article's views (they are written every few seconds). */
const untilStored = (articleId: number, views: number) =>
  vi.waitFor(async () => expect(await storedViews(articleId)).toBe(views), { timeout: 30_000, interval: 100 });

describe('POST /api/views', () => {
  it('counts a view in memory, writes it in the next batch, once, and neither reads nor sets a cookie', async () => {
    const story = freshStory();
    const sent = await beacon({ article: story.id }, { cookie: 'session=not-a-session; theme=dark' });
    expect(sent.status, sent.text).toBe(204);
    expect(sent.text).toBe('');
    expect(sent.headers.get('Set-Cookie')).toBeNull();
    await untilStored(story.id, 1);
    // A later batch (another story's view) does not write the first view again.
    const later = freshStory();
    expect((await beacon({ article: later.id })).status).toBe(204);
    await untilStored(later.id, 1);
    expect(await storedViews(story.id)).toBe(1);

    const report = await call('GET', '/api/admin/readership?range=today', { cookie });
    expect(report.status, report.text).toBe(200);
    const items = report.json['items'] as { id: number; slug: string; views: number }[];
    expect(items).toContainEqual(expect.objectContaining({ id: story.id, slug: story.slug, views: 1 }));
    expect(report.json).toMatchObject({ range: 'today', page: 1, pageSize: 50, to: today(), from: today() });
    expect(report.json['total']).toBeGreaterThanOrEqual(2);
  });

  it('leaves known bots and requests without a user agent out', async () => {
    const crawled = freshStory();
    expect((await beacon({ article: crawled.id }, { userAgent: GOOGLEBOT })).status).toBe(204);
    expect((await beacon({ article: crawled.id }, { userAgent: '' })).status).toBe(204);
    // A reader's view sent after them is written; theirs never are.
    const read = freshStory();
    expect((await beacon({ article: read.id })).status).toBe(204);
    await untilStored(read.id, 1);
    expect(await storedViews(crawled.id)).toBe(0);
  });

  it("counts one address's repeat views of a story once, and refuses an address past its limit with 429", async () => {
    const story = freshStory();
    for (let i = 0; i < 3; i++) expect((await beacon({ article: story.id }, { from: '192.0.2.10' })).status).toBe(204);
    expect((await beacon({ article: story.id }, { from: '192.0.2.11' })).status).toBe(204);
    await untilStored(story.id, 2);

    // 30 views a minute per address: distinct stories (ids need not exist; the batch drops unknown ones).
    // The bucket gives one back every 2 s, so on a busy machine a few more may pass before the first
    // refusal: as many as came back while the views were sent, never more.
    const started = Date.now();
    for (let i = 1; i <= VIEWS_PER_CLIENT_PER_MINUTE; i++) {
      expect((await beacon({ article: 900_000 + i }, { from: '192.0.2.12' })).status, `view ${i}`).toBe(204);
    }
    let refused = await beacon({ article: 900_100 }, { from: '192.0.2.12' });
    let passed = VIEWS_PER_CLIENT_PER_MINUTE;
    while (
      refused.status === 204 &&
      passed < 2 * VIEWS_PER_CLIENT_PER_MINUTE &&
      passed <= VIEWS_PER_CLIENT_PER_MINUTE + ((Date.now() - started) * VIEWS_PER_CLIENT_PER_MINUTE) / 60_000
    ) {
      passed += 1;
      refused = await beacon({ article: 900_100 + passed }, { from: '192.0.2.12' });
    }
    expect(refused.status, `${passed} views passed in ${Date.now() - started} ms`).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Object.keys(refused.json)).toEqual(['message']);
    expect(refused.json['message']).toMatch(/Too many page views/);
  });

  it("answers bad bodies with the contract's JSON errors", async () => {
    const expectError = (res: ApiResult | Awaited<ReturnType<typeof beacon>>, status: number) => {
      expect(res.status, res.text).toBe(status);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(typeof res.json['message']).toBe('string');
      expect(res.text).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
    };
    expectError(await beacon(null, { type: 'text/plain', raw: 'article=1' }), 415);
    expectError(await beacon(null, { raw: '{"article":' }), 400);
    expectError(await beacon(null, { raw: '[1]' }), 400);
    const missing = await beacon({});
    expectError(missing, 400);
    expect(Object.keys(missing.json['errors'] as object)).toEqual(['article']);
    for (const article of [0, -3, 1.5, '12', null]) expectError(await beacon({ article }), 400);
    const badHost = await beacon({ article: 1, referrer: 'https://evil.example/path?email=a@b.c' });
    expectError(badHost, 400);
    expect(Object.keys(badHost.json['errors'] as object)).toEqual(['referrer']);
    expectError(await beacon({ article: 1, campaign: 'x'.repeat(41) }), 400);
    expectError(await beacon({ article: 1, referrer: `${'a'.repeat(600)}.example` }), 413);
    const get = await call('GET', '/api/views');
    expectError(get, 405);
    expect(get.headers.get('Allow')).toContain('POST');
    expectError(await call('POST', '/api/views', { body: { article: 1 }, origin: 'https://elsewhere.example' }), 403);
  });

  it('answers a stalled beacon 408, a chunked one past 512 bytes 413, and shrugs off one abandoned midway, serving on', async () => {
    const port = Number(new URL(server.url).port);
    const head = (extra: string) =>
      `POST /api/views HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nUser-Agent: ${READER}\r\n${extra}\r\n`;
    const stalled = stalledWrite(port, head('Content-Length: 40\r\n'), '{"article":');
    const chunked = rawExchange(port, {
      send: [head('Transfer-Encoding: chunked\r\n'), `200\r\n${' '.repeat(512)}\r\n`, `200\r\n${' '.repeat(512)}\r\n0\r\n\r\n`],
    });
    const abandoned = rawExchange(port, { send: [head('Content-Length: 40\r\n'), '{"arti'], hangUp: true });
    try {
      const tooLarge = await chunked;
      expect(tooLarge.response?.status).toBe(413);
      expect(isContractError(tooLarge.response?.body)).toBe(true);
      await abandoned;
      // Waits on the server's answer, whatever the machine's speed (BEACON_BODY_MS, then the sweep).
      const timedOut = await stalled.outcome;
      expect(timedOut.response?.status).toBe(408);
      expect(isContractError(timedOut.response?.body)).toBe(true);
      expect(timedOut.response?.headers['connection']).toBe('close');
      const story = freshStory();
      expect((await beacon({ article: story.id })).status).toBe(204);
      await untilStored(story.id, 1);
    } finally {
      stalled.socket.destroy();
    }
  });

  it("stores the referring site by host only (not the site's own), and the site's mail campaigns", async () => {
    const story = freshStory();
    const from = () => `203.0.113.${(++address % 250) + 1}`;
    // Three readers from a search engine and from a mail: enough distinct visitors to be listed.
    for (let i = 0; i < READERSHIP_MIN_VISITORS; i++) {
      expect((await beacon({ article: story.id, referrer: 'News.Google.com' }, { from: from() })).status).toBe(204);
    }
    expect((await beacon({ article: story.id, referrer: 'localhost' }, { from: from() })).status).toBe(204);
    for (let i = 0; i < READERSHIP_MIN_VISITORS; i++) {
      expect((await beacon({ article: story.id, campaign: 'briefing' }, { from: from() })).status).toBe(204);
    }
    // Not a campaign of the site's mails: the view counts, without a campaign.
    expect((await beacon({ article: story.id, campaign: 'spring-sale' }, { from: from() })).status).toBe(204);
    await untilStored(story.id, 2 * READERSHIP_MIN_VISITORS + 2);
    const db = server.database.db;
    const sources = await db
      .select({ source: sourceViews.source, name: sourceViews.name, views: sourceViews.views, visitors: sourceViews.visitors })
      .from(sourceViews);
    expect(sources.sort((x, y) => x.source.localeCompare(y.source))).toEqual([
      { source: 'campaign', name: 'briefing', views: READERSHIP_MIN_VISITORS, visitors: READERSHIP_MIN_VISITORS },
      { source: 'referrer', name: 'news.google.com', views: READERSHIP_MIN_VISITORS, visitors: READERSHIP_MIN_VISITORS },
    ]);
    // Once a name has enough visitors, their hashes go.
    expect(await db.select().from(sourceVisitors)).toEqual([]);

    const report = await call('GET', '/api/admin/readership?range=7d', { cookie });
    expect(report.status).toBe(200);
    expect(report.json['referrers']).toEqual([{ name: 'news.google.com', views: READERSHIP_MIN_VISITORS }]);
    expect(report.json['campaigns']).toEqual([{ name: 'briefing', views: READERSHIP_MIN_VISITORS }]);
    expect(report.json['from']).toBe(addDays(today(), -6));
  });

  it('counts only published stories, caps what one address adds to a story a day, and lists a referrer or campaign only once several visitors bring it', async () => {
    // A draft, and an id that is no story: 25 requests each, from 25 addresses.
    const draft = await call('POST', '/api/articles', {
      cookie,
      body: {
        title: 'Draft on refinery margins',
        slug: `draft-refinery-margins-${Date.now()}`,
        excerpt: 'Margins narrowed.',
        content: '<p>Margins narrowed.</p>',
        author: 'Newsroom',
        categoryId: 1,
        status: 'draft',
      },
    });
    expect(draft.status, draft.text).toBe(201);
    const draftId = draft.json['id'] as number;
    for (let i = 0; i < 25; i++) {
      expect((await beacon({ article: draftId, referrer: 'draft.example', campaign: 'alert' })).status).toBe(204);
      expect((await beacon({ article: 987_654 + i, referrer: 'made-up.example', campaign: 'alert' })).status).toBe(204);
    }
    // One address, 25 requests for one published story, and one view of each of 10 more: counted, capped, never listed.
    const capped = freshStory();
    for (let i = 0; i < 25; i++) {
      expect((await beacon({ article: capped.id, referrer: 'casino.example', campaign: 'roundup' }, { from: '192.0.2.50' })).status).toBe(204);
    }
    const spread = stories.slice(-11, -1);
    for (const story of spread) {
      expect((await beacon({ article: story.id, referrer: 'casino.example', campaign: 'roundup' }, { from: '192.0.2.50' })).status).toBe(204);
    }
    // A reader's view after them all: once it is written, so is whatever of theirs was.
    const sentinel = freshStory();
    expect((await beacon({ article: sentinel.id })).status).toBe(204);
    await untilStored(sentinel.id, 1);

    expect(await storedViews(draftId)).toBe(0);
    expect(await storedViews(capped.id)).toBe(1);
    const named = (name: string) =>
      server.database.db
        .select({ name: sourceViews.name, views: sourceViews.views, visitors: sourceViews.visitors })
        .from(sourceViews)
        .where(eq(sourceViews.name, name));
    expect(await named('draft.example')).toEqual([]);
    expect(await named('made-up.example')).toEqual([]);
    expect(await named('alert')).toEqual([]);
    expect(await named('casino.example')).toEqual([{ name: 'casino.example', views: 1 + spread.length, visitors: 1 }]);
    const report = await call('GET', '/api/admin/readership?range=today', { cookie });
    const names = (list: unknown) => (list as { name: string }[]).map((r) => r.name);
    expect(names(report.json['referrers'])).not.toContain('casino.example');
    expect(names(report.json['campaigns'])).not.toContain('roundup');

    // Two more addresses bring it: now three distinct visitors, and it is listed.
    const third = freshStory();
    for (const from of ['192.0.2.51', '192.0.2.52']) {
      expect((await beacon({ article: third.id, referrer: 'casino.example', campaign: 'roundup' }, { from })).status).toBe(204);
    }
    await untilStored(third.id, 2);
    const listed = await call('GET', '/api/admin/readership?range=today', { cookie });
    expect(listed.json['referrers']).toContainEqual({ name: 'casino.example', views: spread.length + 3 });
    expect(listed.json['campaigns']).toContainEqual({ name: 'roundup', views: spread.length + 3 });
  });

  it('counts a story published a moment ago, and stops counting one taken off the site', async () => {
    const created = await call('POST', '/api/articles', {
      cookie,
      body: {
        title: 'Just in: a pipeline ruling',
        slug: `pipeline-ruling-${Date.now()}`,
        excerpt: 'The court ruled.',
        content: '<p>The court ruled.</p>',
        author: 'Newsroom',
        categoryId: 1,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json['id'] as number;
    // At once, before the process has refreshed its published stories.
    expect((await beacon({ article: id, referrer: 'fresh.example' })).status).toBe(204);
    await untilStored(id, 1);

    const withdrawn = await call('PATCH', `/api/articles/${id}`, { cookie, body: { status: 'draft' } });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    // A batch written after the change has refreshed the stories: a view after it is not counted.
    const before = freshStory();
    expect((await beacon({ article: before.id })).status).toBe(204);
    await untilStored(before.id, 1);
    expect((await beacon({ article: id, referrer: 'withdrawn.example' })).status).toBe(204);
    const after = freshStory();
    expect((await beacon({ article: after.id })).status).toBe(204);
    await untilStored(after.id, 1);
    expect(await storedViews(id)).toBe(1);
    const [row] = await server.database.db.select({ views: sourceViews.views }).from(sourceViews).where(eq(sourceViews.name, 'withdrawn.example'));
    expect(row).toBeUndefined();
  });

  it('counts each visitor of a referrer once however many processes see them (a keyed hash in the database)', async () => {
    const queries = await import('@/server/queries/readership');
    const { db } = planRecorder(server);
    const day = '2026-01-15';
    const batch = (visitors: string[]) => [{ day, key: 'shared.example', views: visitors.length, visitors }];
    // Two processes each see the same visitor, then another.
    await queries.addSourceViews('referrer', batch(['h1']), READERSHIP_MIN_VISITORS, db);
    await queries.addSourceViews('referrer', batch(['h1']), READERSHIP_MIN_VISITORS, db);
    await queries.addSourceViews('referrer', batch(['h1', 'h2']), READERSHIP_MIN_VISITORS, db);
    const stored = () =>
      db
        .select({ views: sourceViews.views, visitors: sourceViews.visitors })
        .from(sourceViews)
        .where(and(eq(sourceViews.day, day), eq(sourceViews.name, 'shared.example')));
    expect(await stored()).toEqual([{ views: 4, visitors: 2 }]);
    expect(await queries.listSourceViews('referrer', day, 20, READERSHIP_MIN_VISITORS, db)).not.toContainEqual(
      expect.objectContaining({ name: 'shared.example' }),
    );
    await queries.addSourceViews('referrer', batch(['h3', 'h4']), READERSHIP_MIN_VISITORS, db);
    expect(await stored()).toEqual([{ views: 6, visitors: READERSHIP_MIN_VISITORS }]);
    expect(await db.select().from(sourceVisitors).where(eq(sourceVisitors.name, 'shared.example'))).toEqual([]);
    expect(await queries.listSourceViews('referrer', day, 20, READERSHIP_MIN_VISITORS, db)).toContainEqual({ name: 'shared.example', views: 6 });
  });
});

describe('writes', () => {
  it('are made while the process runs (every VIEW_FLUSH_INTERVAL_MS), so a process killed outright keeps every view written', async () => {
    expect(VIEW_FLUSH_INTERVAL_MS).toBeLessThanOrEqual(1_000);
    const own = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const [story] = await publicStories(own.database);
      if (!story) throw new Error('The seed has no public story');
      // Steady beacons, one reader each; every one is written while the process runs, with no shutdown to write them.
      let sent = 0;
      for (let i = 0; i < 20; i++) {
        expect((await beacon({ article: story.id }, { target: own })).status).toBe(204);
        sent++;
      }
      await vi.waitFor(async () => expect(await storedViews(story.id, own)).toBe(sent), { timeout: 30_000, interval: 50 });
      process.kill(own.pid, 'SIGKILL');
      await vi.waitFor(() => expect(() => process.kill(own.pid, 0)).toThrow(), { timeout: 30_000, interval: 100 });
      expect(await storedViews(story.id, own)).toBe(sent);
    } finally {
      await own.stop();
    }
  }, 120_000);
});

describe('behind several web processes', () => {
  it("caps one address's views of a story for the whole machine, not once in each process", async () => {
    const own = await startTestServer({ TRUST_PROXY: 'true', WEB_CONCURRENCY: '2' });
    try {
      const [story, sentinel] = await publicStories(own.database);
      if (!story || !sentinel) throw new Error('The seed has too few public stories');
      /** A beacon on a connection of its own: the primary hands new connections to the processes in turn. */
      const send = (article: number, from: string) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify({ article });
          const req = http.request(
            `${own.url}/api/views`,
            {
              method: 'POST',
              agent: false,
              headers: { Origin: own.url, 'Content-Type': 'application/json', 'User-Agent': READER, 'X-Forwarded-For': from },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      for (let i = 0; i < 10; i++) expect(await send(story.id, '192.0.2.60')).toBe(204);
      // Views of another story from four addresses, two in each process: once all are written, so is what came before them.
      for (let i = 0; i < 4; i++) expect(await send(sentinel.id, `192.0.2.${70 + i}`)).toBe(204);
      await vi.waitFor(async () => expect(await storedViews(sentinel.id, own)).toBe(4), { timeout: 30_000, interval: 100 });
      expect(await storedViews(story.id, own)).toBe(1);
    } finally {
      await own.stop();
    }
  }, 120_000);
});

describe('article pages', () => {
  it('carry the beacon (allowed by the CSP), and a link with campaign tags is answered from the cached page', async () => {
    const story = stories.at(-1)!;
    const path = `/article/${story.slug}`;
    let plain: ApiResult | undefined;
    for (let i = 0; i < 50 && plain?.headers.get('X-Cache') !== 'HIT'; i++) plain = await call('GET', path);
    expect(plain?.headers.get('X-Cache')).toBe('HIT');
    const html = plain?.text ?? '';
    expect(html).toContain(`<script data-view-article="${story.id}">${VIEW_BEACON_SCRIPT}</script>`);
    const csp = plain?.headers.get('Content-Security-Policy') ?? html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/)?.[1];
    expect(csp).toContain(`'sha256-${createHash('sha256').update(VIEW_BEACON_SCRIPT).digest('base64')}'`);

    for (const campaign of ['briefing', 'roundup', 'alert', 'topics']) {
      const tagged = new URL(campaignLink(`http://localhost${path}`, campaign));
      const res = await call('GET', `${tagged.pathname}${tagged.search}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('X-Cache'), campaign).toBe('HIT');
      expect(res.headers.get('ETag')).toBe(plain?.headers.get('ETag'));
    }
    // Other pages carry no beacon.
    const other = await call('GET', '/news');
    expect(other.text).not.toContain('data-view-article');
  });
});

describe('GET /api/admin/readership', () => {
  it("refuses anonymous callers and bad periods with the contract's JSON", async () => {
    const anonymous = await call('GET', '/api/admin/readership');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Unauthorized' });
    const bad = await call('GET', '/api/admin/readership?range=year', { cookie });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json['errors'] as object)).toEqual(['range']);
  });

  it('serves the top stories a page at a time from the totals index, and builds the periods from the daily counts', async () => {
    const queries = await import('@/server/queries/readership');
    const { periodStarts } = await import('@/server/services/readership/views');
    // Its own connection, which the arranged rows are read back through too.
    const { db, plans } = planRecorder(server);
    const day = today();
    const starts = periodStarts(day);
    const [a, b] = [freshStory(), freshStory()];
    // Daily counts: 3 today, 5 four days ago, 7 twenty days ago and 11 forty days ago.
    await queries.addArticleViews(
      [
        { day, key: a.id, views: 3 },
        { day: addDays(day, -4), key: a.id, views: 5 },
        { day: addDays(day, -20), key: b.id, views: 7 },
        { day: addDays(day, -40), key: b.id, views: 11 },
      ],
      starts,
      new Date(),
      db,
    );
    await queries.rebuildArticleViewTotals(starts, db);
    const totals = await db
      .select({ period: articleViewTotals.period, articleId: articleViewTotals.articleId, views: articleViewTotals.views })
      .from(articleViewTotals)
      .where(eq(articleViewTotals.articleId, a.id));
    expect(totals.sort((x, y) => x.period.localeCompare(y.period))).toEqual([
      { period: '30d', articleId: a.id, views: 8 },
      { period: '7d', articleId: a.id, views: 8 },
      { period: 'today', articleId: a.id, views: 3 },
    ]);
    const [bIn30] = await db
      .select({ views: articleViewTotals.views })
      .from(articleViewTotals)
      .where(and(eq(articleViewTotals.articleId, b.id), eq(articleViewTotals.period, '30d')));
    expect(bIn30?.views).toBe(7);

    plans.length = 0;
    for (const period of ['today', '7d', '30d'] as const) {
      await queries.listTopStories(period, 50, 100, db);
      await queries.countTopStories(period, db);
    }
    for (const { sql, plan } of plans) {
      expect(plan.join(' | '), sql).not.toMatch(/TEMP B-TREE/);
      expect(plan.join(' | '), sql).not.toMatch(/SCAN article_view_totals(?! USING)/);
      expect(plan.join(' | '), sql).toMatch(/article_view_totals USING (COVERING )?INDEX/);
    }
    const page = await queries.listTopStories('7d', 50, 0, db);
    const ranks = page.map((s) => s.views);
    expect(ranks).toEqual([...ranks].sort((x, y) => y - x));

    // The housekeeping job keeps 13 months: a day 401 days old goes, one 399 days old stays.
    await queries.addArticleViews(
      [
        { day: addDays(day, -401), key: b.id, views: 1 },
        { day: addDays(day, -399), key: b.id, views: 1 },
      ],
      starts,
      new Date(),
      db,
    );
    await queries.deleteReadershipBefore(addDays(day, -400), db);
    const kept = await db.select({ day: articleViews.day }).from(articleViews).where(eq(articleViews.articleId, b.id));
    expect(kept.map((r) => r.day).sort()).toEqual([addDays(day, -399), addDays(day, -40), addDays(day, -20)]);
  });
});

describe('shutdown', () => {
  it('writes the views held in memory before the process exits', async () => {
    const own = await startTestServer({});
    try {
      const [story] = await publicStories(own.database);
      expect((await beacon({ article: story!.id }, { target: own })).status).toBe(204);
      process.kill(own.pid, 'SIGTERM');
      await vi.waitFor(
        () => {
          expect(() => process.kill(own.pid, 0)).toThrow();
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(await storedViews(story!.id, own)).toBe(1);
    } finally {
      await own.stop();
    }
    // A hang guard for a server's start and stop on a busy machine, not a speed budget.
  }, 120_000);
});
