import { runInNewContext } from 'node:vm';
import { SITE_TIME_ZONE } from '@/lib/format';
import { zonedParts } from '@/lib/zoned-time';
import { describe, expect, it, vi } from 'vitest';
import { CACHEABLE_ROUTES, pageAddress } from '@/server/cache/routes';
import { renderMailHtml, renderMailText, type MailDocument } from '@/server/services/mail/layout';
import {
  READERSHIP_MIN_VISITORS,
  VIEW_FLUSH_INTERVAL_MS,
  VIEW_LOSS_BOUND_MS,
  ViewCounter,
  type PublicStories,
  type ViewBatch,
  type ViewOutcome,
} from '@/server/services/readership/view-counter';
import { VIEWS_PER_ADDRESS_STORY_DAY, ViewAllowance, type ViewClaim } from '@/server/services/readership/view-allowance';
import { CAMPAIGN_PARAMS, VIEW_BEACON_SCRIPT, VIEWS_PATH, campaignLink } from '@/lib/view-beacon';

// Readership (#24): the in-memory counter and its one batched write, the page's beacon, and the
// campaign tags of the site's mails, which must never split a cached page.

/** Public stories as a test sets them: ids to publish times; `refresh` counts its calls and may be refused. */
function storiesOf(published: Record<number, number> = {}) {
  const state = { published: new Map<number, number>(Object.entries(published).map(([id, at]) => [Number(id), at])), refreshes: 0 };
  const stories: PublicStories = {
    isPublic: (id, now) => {
      const at = state.published.get(id);
      return at === undefined ? undefined : at <= now;
    },
    refresh: () => {
      state.refreshes++;
      return Promise.resolve();
    },
  };
  return { stories, state };
}

/** A counter whose writes are recorded (or refused while `refuse` is set); no timer runs. Stories 1-99 are public. */
function recordingCounter(options: Partial<ConstructorParameters<typeof ViewCounter>[0]> = {}) {
  const writes: ViewBatch[] = [];
  const state = { refuse: false };
  const { stories, state: published } = storiesOf(Object.fromEntries(Array.from({ length: 99 }, (_, i) => [i + 1, 0])));
  const counter = new ViewCounter({
    write: (batch) => (state.refuse ? Promise.reject(new Error('database busy')) : Promise.resolve(void writes.push(batch))),
    stories,
    ...options,
  });
  return { counter, writes, state, published };
}

/** A counter with this process's own limit answers at once. */
function answered(outcome: ViewOutcome | Promise<ViewOutcome>): ViewOutcome {
  if (outcome instanceof Promise) throw new Error('A counter with its own limit answers at once');
  return outcome;
}

const counted = { result: 'counted' };
const repeat = { result: 'repeat' };

describe('the view counter', () => {
  it('adds views up in memory and writes them as one batch, each view once', async () => {
    const { counter, writes } = recordingCounter();
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) expect(counter.record({ day: '2026-11-24', articleId: 7 }, `198.51.100.${i}`, t)).toEqual(counted);
    answered(counter.record({ day: '2026-11-24', articleId: 8, referrer: 'news.google.com', campaign: 'briefing' }, '198.51.100.9', t));
    answered(counter.record({ day: '2026-11-24', articleId: 9, referrer: 'news.google.com' }, '198.51.100.9', t));
    expect(writes).toEqual([]);
    await counter.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual({
      articles: [
        { day: '2026-11-24', key: 7, views: 5 },
        { day: '2026-11-24', key: 8, views: 1 },
        { day: '2026-11-24', key: 9, views: 1 },
      ],
      referrers: [{ day: '2026-11-24', key: 'news.google.com', views: 2, visitors: ['198.51.100.9'] }],
      campaigns: [{ day: '2026-11-24', key: 'briefing', views: 1, visitors: ['198.51.100.9'] }],
    });
    await counter.flush();
    expect(writes[1]).toEqual({ articles: [], referrers: [], campaigns: [] });
  });

  it('hands a batch the distinct visitors of a referrer or campaign, no more than the Readership tab needs', async () => {
    const { counter, writes } = recordingCounter();
    for (let i = 0; i < 6; i++)
      answered(counter.record({ day: 'd', articleId: 1 + (i % 2), referrer: 'casino.example' }, `a${i % 2}`, i * 20 * 60_000));
    for (let i = 0; i < 10; i++) answered(counter.record({ day: 'd', articleId: 3, campaign: 'briefing' }, `reader-${i}`, 0));
    await counter.flush();
    expect(writes[0]?.referrers).toEqual([{ day: 'd', key: 'casino.example', views: 6, visitors: ['a0', 'a1'] }]);
    expect(writes[0]?.campaigns[0]?.visitors).toHaveLength(READERSHIP_MIN_VISITORS);
    expect(READERSHIP_MIN_VISITORS).toBeGreaterThanOrEqual(3);
  });

  it("counts a client's repeat views of a story once in its window, and stops a client past its limit", () => {
    const { counter } = recordingCounter({ repeatWindowMs: 60_000, perClientPerMinute: 3 });
    const t = 5_000_000;
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t)).toEqual(counted);
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t + 59_000)).toEqual(repeat);
    // Another client reads the same story; the first reads it again after the window.
    expect(counter.record({ day: 'd', articleId: 1 }, 'b', t)).toEqual(counted);
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t + 60_000)).toEqual(counted);
    // A minute later the bucket is full again: three views, then none.
    expect(counter.record({ day: 'd', articleId: 2 }, 'a', t + 60_000)).toEqual(counted);
    expect(counter.record({ day: 'd', articleId: 3 }, 'a', t + 60_000)).toEqual(counted);
    const refused = answered(counter.record({ day: 'd', articleId: 4 }, 'a', t + 60_000));
    expect(refused.result).toBe('limited');
    expect('waitMs' in refused && refused.waitMs).toBeGreaterThan(0);
  });

  it('counts at most VIEWS_PER_ADDRESS_STORY_DAY views of one story from one address a day, and again the next day', async () => {
    const { counter, writes } = recordingCounter({ repeatWindowMs: 60_000 });
    const outcomes = Array.from({ length: 20 }, (_, i) => answered(counter.record({ day: 'day-1', articleId: 5 }, 'office', i * 60_000)).result);
    expect(outcomes.filter((r) => r === 'counted')).toHaveLength(VIEWS_PER_ADDRESS_STORY_DAY);
    expect(VIEWS_PER_ADDRESS_STORY_DAY).toBeLessThanOrEqual(5);
    // Another address, and the same one the next day, count.
    expect(counter.record({ day: 'day-1', articleId: 5 }, 'home', 21 * 60_000)).toEqual(counted);
    expect(counter.record({ day: 'day-2', articleId: 5 }, 'office', 22 * 60_000)).toEqual(counted);
    await counter.flush();
    expect(writes[0]?.articles).toEqual([
      { day: 'day-1', key: 5, views: VIEWS_PER_ADDRESS_STORY_DAY + 1 },
      { day: 'day-2', key: 5, views: 1 },
    ]);
  });

  it("holds the caps for the whole machine when processes confirm their views with one allowance (the primary's)", async () => {
    const machine = new ViewAllowance({ repeatWindowMs: 60_000 });
    const confirm = (claims: ViewClaim[]) =>
      Promise.resolve(claims.map((c) => machine.take(c.client, c.articleId, c.day, c.at).result === 'counted'));
    const processes = [recordingCounter({ repeatWindowMs: 60_000, confirm }), recordingCounter({ repeatWindowMs: 60_000, confirm })];
    // Each process sees the office's views of story 5 (with a referrer) in its own turn: each would count 4 on its own.
    for (let i = 0; i < 20; i++) {
      void processes[i % 2]?.counter.record({ day: 'day-1', articleId: 5, referrer: 'news.example' }, 'office', i * 60_000);
    }
    void processes[1]?.counter.record({ day: 'day-1', articleId: 6 }, 'home', 0);
    for (const { counter } of processes) await counter.flush();
    const written = processes.flatMap(({ writes }) => writes.flatMap((batch) => batch.articles));
    const views = (key: number) => written.filter((row) => row.key === key).reduce((sum, row) => sum + row.views, 0);
    expect(views(5)).toBe(VIEWS_PER_ADDRESS_STORY_DAY);
    expect(views(6)).toBe(1);
    const referred = processes.flatMap(({ writes }) => writes.flatMap((batch) => batch.referrers)).reduce((sum, row) => sum + row.views, 0);
    expect(referred).toBe(VIEWS_PER_ADDRESS_STORY_DAY);
  });

  it('counts only public stories: a story not known yet waits for the next refresh, a made-up or scheduled one never counts', async () => {
    const writes: ViewBatch[] = [];
    const { stories, state } = storiesOf({ 1: 0, 2: 10_000 });
    const counter = new ViewCounter({ write: (batch) => Promise.resolve(void writes.push(batch)), stories });
    expect(counter.record({ day: 'd', articleId: 1, referrer: 'news.google.com' }, 'a', 5_000)).toEqual(counted);
    // Scheduled for later: not yet public.
    expect(counter.record({ day: 'd', articleId: 2, referrer: 'casino.example' }, 'b', 5_000)).toEqual({ result: 'not-public' });
    // Published a moment ago (the process has not refreshed yet), and an id that is no story.
    expect(counter.record({ day: 'd', articleId: 3, referrer: 'news.google.com' }, 'c', 5_000)).toEqual({ result: 'unverified' });
    expect(counter.record({ day: 'd', articleId: 999_999, referrer: 'casino.example' }, 'd', 5_000)).toEqual({ result: 'unverified' });
    state.published.set(3, 4_000);
    await counter.flush();
    expect(state.refreshes).toBe(1);
    expect(writes[0]).toEqual({
      articles: [
        { day: 'd', key: 1, views: 1 },
        { day: 'd', key: 3, views: 1 },
      ],
      referrers: [{ day: 'd', key: 'news.google.com', views: 2, visitors: ['a', 'c'] }],
      campaigns: [],
    });
    // Once its time has come, the scheduled story counts.
    expect(counter.record({ day: 'd', articleId: 2 }, 'b', 10_000)).toEqual(counted);
    // Withdrawn after its view was counted, before the write: the write leaves it out, referrer and all.
    expect(counter.record({ day: 'd', articleId: 1, referrer: 'late.example', campaign: 'alert' }, 'e', 10_000)).toEqual(counted);
    state.published.delete(1);
    await counter.flush();
    expect(writes[1]).toEqual({ articles: [{ day: 'd', key: 2, views: 1 }], referrers: [], campaigns: [] });
  });

  it('reads the public stories only when views are held, and keeps the views while they cannot be read', async () => {
    const writes: ViewBatch[] = [];
    const { stories, state } = storiesOf({ 1: 0 });
    let refuse = false;
    const refresh = () => stories.refresh();
    const flaky: PublicStories = {
      isPublic: (id, now) => stories.isPublic(id, now),
      refresh: () => (refuse ? Promise.reject(new Error('database busy')) : refresh()),
    };
    const counter = new ViewCounter({ write: (batch) => Promise.resolve(void writes.push(batch)), stories: flaky });
    await counter.flush();
    expect(state.refreshes).toBe(0);
    answered(counter.record({ day: 'd', articleId: 1 }, 'a', 0));
    refuse = true;
    await expect(counter.flush()).rejects.toThrow('database busy');
    refuse = false;
    await counter.flush();
    expect(writes.at(-1)?.articles).toEqual([{ day: 'd', key: 1, views: 1 }]);
  });

  it('holds a bounded number of views of unknown stories', () => {
    const { counter } = recordingCounter({ maxUnverified: 3, perClientPerMinute: 100 });
    const outcomes = Array.from({ length: 5 }, (_, i) => answered(counter.record({ day: 'd', articleId: 1_000 + i }, 'a', 0)).result);
    expect(outcomes).toEqual(['unverified', 'unverified', 'unverified', 'not-public', 'not-public']);
    expect(counter.pending).toBe(3);
  });

  it('remembers a bounded number of client–story pairs', () => {
    const { counter } = recordingCounter({ maxRemembered: 2, repeatWindowMs: 60_000 });
    answered(counter.record({ day: 'd', articleId: 1 }, 'a', 0));
    answered(counter.record({ day: 'd', articleId: 1 }, 'b', 0));
    answered(counter.record({ day: 'd', articleId: 1 }, 'c', 0));
    // 'a' was forgotten to make room: its view counts again; 'c' is still remembered.
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', 1)).toEqual(counted);
    expect(counter.record({ day: 'd', articleId: 1 }, 'c', 1)).toEqual(repeat);
  });

  it('keeps the views of a write the database refused for the next one, and writes what is pending when stopped', async () => {
    const { counter, writes, state } = recordingCounter();
    answered(counter.record({ day: 'd', articleId: 4, campaign: 'briefing' }, 'a', 0));
    state.refuse = true;
    await expect(counter.flush()).rejects.toThrow('database busy');
    answered(counter.record({ day: 'd', articleId: 4, campaign: 'briefing' }, 'b', 0));
    state.refuse = false;
    await counter.stop();
    expect(writes).toEqual([
      { articles: [{ day: 'd', key: 4, views: 2 }], referrers: [], campaigns: [{ day: 'd', key: 'briefing', views: 2, visitors: ['a', 'b'] }] },
    ]);
  });

  it('writes at least every second by default, so a process killed outright loses at most a second of views', async () => {
    expect(VIEW_FLUSH_INTERVAL_MS).toBeLessThanOrEqual(1_000);
    vi.useFakeTimers();
    try {
      const { counter, writes, published } = recordingCounter();
      expect(counter.intervalMs).toBe(VIEW_FLUSH_INTERVAL_MS);
      counter.start();
      for (let second = 1; second <= 3; second++) {
        answered(counter.record({ day: 'd', articleId: second }, 'a', second));
        await vi.advanceTimersByTimeAsync(VIEW_FLUSH_INTERVAL_MS);
        expect(writes).toHaveLength(second);
        expect(writes.at(-1)?.articles).toEqual([{ day: 'd', key: second, views: 1 }]);
      }
      // Each write refreshes the public stories first.
      expect(published.refreshes).toBe(3);
      await counter.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what a crash loses', () => {
  it('commits every view within VIEW_LOSS_BOUND_MS (a second) of its count, even while the primary never answers its check', async () => {
    expect(VIEW_LOSS_BOUND_MS).toBeLessThanOrEqual(1_000);
    vi.useFakeTimers();
    try {
      /** When each view (its article id) was committed: a process killed outright keeps exactly these. */
      const committed = new Map<number, number>();
      const { stories } = storiesOf(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [i + 1, 0])));
      const counter = new ViewCounter({
        stories,
        // The cluster's primary, busy or gone: the check of the machine's caps never comes back.
        confirm: () => new Promise<boolean[]>(() => undefined),
        // The database takes a quarter of a second to commit each batch.
        write: async (batch) => {
          await new Promise((resolve) => setTimeout(resolve, 250));
          for (const row of batch.articles) committed.set(row.key, Date.now());
        },
        perClientPerMinute: 1_000,
      });
      counter.start();
      /** When each view was counted (answered 204). */
      const counted = new Map<number, number>();
      // A steady stream: a view every 37 ms for 5 s, at every phase of the writes' rhythm.
      for (let id = 1; id <= 135; id++) {
        answered(counter.record({ day: 'd', articleId: id }, `reader-${id}`, Date.now()));
        counted.set(id, Date.now());
        await vi.advanceTimersByTimeAsync(37);
      }
      await vi.advanceTimersByTimeAsync(VIEW_LOSS_BOUND_MS);
      const delays = [...counted].map(([id, at]) => (committed.get(id) ?? Infinity) - at);
      expect(Math.max(...delays)).toBeLessThanOrEqual(VIEW_LOSS_BOUND_MS);
      const stopped = counter.stop();
      await vi.advanceTimersByTimeAsync(VIEW_LOSS_BOUND_MS);
      await stopped;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the readership day', () => {
  it('is the US Eastern day, across midnights and both daylight-saving changes (worked out once a day)', async () => {
    const { readershipDay } = await import('@/server/services/readership/views');
    const spans = [Date.UTC(2026, 2, 7), Date.UTC(2026, 9, 31), Date.UTC(2026, 10, 26)];
    for (const start of spans) {
      for (let t = start; t < start + 3 * 86_400_000; t += 7 * 60_000) {
        expect(readershipDay(new Date(t)), new Date(t).toISOString()).toBe(zonedParts(new Date(t), SITE_TIME_ZONE).day);
      }
    }
    // Backwards in time too.
    expect(readershipDay(new Date(Date.UTC(2026, 0, 1, 4, 59)))).toBe('2025-12-31');
    expect(readershipDay(new Date(Date.UTC(2026, 0, 1, 5, 0)))).toBe('2026-01-01');
  });
});

/** Runs the beacon script as a page at `href` opened from `referrer` would, and answers what it sent. */
function runBeacon(href: string, referrer: string, articleId: string | null = '42') {
  const sent: { url: string; body: string; type: string }[] = [];
  const url = new URL(href);
  runInNewContext(VIEW_BEACON_SCRIPT, {
    URL,
    URLSearchParams,
    JSON,
    Number,
    Blob,
    location: url,
    document: {
      readyState: 'complete',
      referrer,
      querySelector: (selector: string) => (selector === '[data-view-article]' && articleId ? { getAttribute: () => articleId } : null),
    },
    navigator: { sendBeacon: (to: string, blob: Blob) => void sent.push({ url: to, body: blob as unknown as string, type: blob.type }) },
    addEventListener: () => undefined,
  });
  return sent;
}

describe('the view beacon', () => {
  it('sends the article, the referring host and a mail campaign, and nothing on other pages', async () => {
    const [plain] = runBeacon('https://energy.example/article/a', 'https://news.google.com/stories/x?hl=en');
    expect(plain?.url).toBe(VIEWS_PATH);
    expect(plain?.type).toBe('application/json');
    expect(JSON.parse(await (plain?.body as unknown as Blob).text())).toEqual({ article: 42, referrer: 'news.google.com' });

    const [mailed] = runBeacon(campaignLink('https://energy.example/article/a', 'briefing'), 'https://energy.example/news');
    expect(JSON.parse(await (mailed?.body as unknown as Blob).text())).toEqual({ article: 42, campaign: 'briefing' });

    // Another site's campaign tags are not the site's mails.
    const [other] = runBeacon('https://energy.example/article/a?utm_source=othersite&utm_medium=email&utm_campaign=sale', '');
    expect(JSON.parse(await (other?.body as unknown as Blob).text())).toEqual({ article: 42 });

    expect(runBeacon('https://energy.example/news', '', null)).toEqual([]);
    expect(VIEW_BEACON_SCRIPT.length).toBeLessThan(1_000);
  });
});

describe('campaign tags', () => {
  it('never split a cached page: every cacheable page is keyed without them', () => {
    const tagged = new URL(campaignLink('https://energy.example/article/grid-news', 'topics'));
    for (const name of CAMPAIGN_PARAMS) expect(tagged.searchParams.has(name), name).toBe(true);
    for (const [route, params] of Object.entries(CACHEABLE_ROUTES)) {
      for (const name of CAMPAIGN_PARAMS) expect(params, route).not.toContain(name);
    }
    expect(pageAddress(tagged, CACHEABLE_ROUTES['/article/[slug]'] ?? [])).toBe('/article/grid-news');
    const news = new URL(campaignLink('https://energy.example/news?category=coal&page=2', 'briefing'));
    expect(pageAddress(news, CACHEABLE_ROUTES['/news'] ?? [])).toBe('/news?category=coal&page=2');
  });

  it("go on every link of a reader's mail, never on its footer's links or an editors' notice", () => {
    const document: MailDocument = {
      title: 'Briefing',
      intro: 'Today.',
      sections: [{ heading: 'Oil', items: [{ title: 'Story', href: 'https://energy.example/article/a' }, { title: 'No link' }] }],
      outro: { text: 'More', href: 'https://energy.example/news' },
      footer: {
        reason: 'You subscribed.',
        preferences: 'https://energy.example/newsletter/preferences?token=t',
        unsubscribe: 'https://energy.example/newsletter/unsubscribe?token=t',
      },
    };
    const html = renderMailHtml({ ...document, campaign: 'briefing' });
    const text = renderMailText({ ...document, campaign: 'briefing' });
    const story = 'https://energy.example/article/a?utm_source=energypulse&utm_medium=email&utm_campaign=briefing';
    expect(html).toContain(`href="${story.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('href="https://energy.example/news?utm_source=energypulse&amp;utm_medium=email&amp;utm_campaign=briefing"');
    expect(text).toContain(story);
    expect(html).toContain('href="https://energy.example/newsletter/preferences?token=t"');
    expect(text).toContain('Unsubscribe: https://energy.example/newsletter/unsubscribe?token=t\n');
    expect(renderMailHtml(document)).not.toContain('utm_');
  });
});
