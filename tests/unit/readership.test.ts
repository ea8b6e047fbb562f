import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CACHEABLE_ROUTES, pageAddress } from '@/server/page-cache';
import { renderMailHtml, renderMailText, type MailDocument } from '@/server/services/mail/layout';
import { ViewCounter, type ViewBatch } from '@/server/services/readership/view-counter';
import { CAMPAIGN_PARAMS, VIEW_BEACON_SCRIPT, VIEWS_PATH, campaignLink } from '@/lib/view-beacon';

// Readership (#24): the in-memory counter and its one batched write, the page's beacon, and the
// campaign tags of the site's mails, which must never split a cached page.

/** A counter whose writes are recorded (or refused while `refuse` is set); no timer runs. */
function recordingCounter(options: Partial<ConstructorParameters<typeof ViewCounter>[0]> = {}) {
  const writes: ViewBatch[] = [];
  const state = { refuse: false };
  const counter = new ViewCounter({
    write: (batch) => (state.refuse ? Promise.reject(new Error('database busy')) : Promise.resolve(void writes.push(batch))),
    ...options,
  });
  return { counter, writes, state };
}

describe('the view counter', () => {
  it('adds views up in memory and writes them as one batch, each view once', async () => {
    const { counter, writes } = recordingCounter();
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) expect(counter.record({ day: '2026-11-24', articleId: 7 }, `198.51.100.${i}`, t)).toEqual({ counted: true });
    counter.record({ day: '2026-11-24', articleId: 8, referrer: 'news.google.com', campaign: 'briefing' }, '198.51.100.9', t);
    counter.record({ day: '2026-11-24', articleId: 9, referrer: 'news.google.com' }, '198.51.100.9', t);
    expect(writes).toEqual([]);
    await counter.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual({
      articles: [
        { day: '2026-11-24', key: 7, views: 5 },
        { day: '2026-11-24', key: 8, views: 1 },
        { day: '2026-11-24', key: 9, views: 1 },
      ],
      referrers: [{ day: '2026-11-24', key: 'news.google.com', views: 2 }],
      campaigns: [{ day: '2026-11-24', key: 'briefing', views: 1 }],
    });
    await counter.flush();
    expect(writes[1]).toEqual({ articles: [], referrers: [], campaigns: [] });
  });

  it("counts a client's repeat views of a story once in its window, and stops a client past its limit", () => {
    const { counter } = recordingCounter({ repeatWindowMs: 60_000, perClientPerMinute: 3 });
    const t = 5_000_000;
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t)).toEqual({ counted: true });
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t + 59_000)).toEqual({ counted: false, repeat: true });
    // Another client reads the same story; the first reads it again after the window.
    expect(counter.record({ day: 'd', articleId: 1 }, 'b', t)).toEqual({ counted: true });
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', t + 60_000)).toEqual({ counted: true });
    // A minute later the bucket is full again: three views, then none.
    expect(counter.record({ day: 'd', articleId: 2 }, 'a', t + 60_000)).toEqual({ counted: true });
    expect(counter.record({ day: 'd', articleId: 3 }, 'a', t + 60_000)).toEqual({ counted: true });
    const refused = counter.record({ day: 'd', articleId: 4 }, 'a', t + 60_000);
    expect(refused.counted).toBe(false);
    expect('waitMs' in refused && refused.waitMs).toBeGreaterThan(0);
  });

  it('remembers a bounded number of client–story pairs', () => {
    const { counter } = recordingCounter({ maxRemembered: 2, repeatWindowMs: 60_000 });
    counter.record({ day: 'd', articleId: 1 }, 'a', 0);
    counter.record({ day: 'd', articleId: 1 }, 'b', 0);
    counter.record({ day: 'd', articleId: 1 }, 'c', 0);
    // 'a' was forgotten to make room: its view counts again; 'c' is still remembered.
    expect(counter.record({ day: 'd', articleId: 1 }, 'a', 1)).toEqual({ counted: true });
    expect(counter.record({ day: 'd', articleId: 1 }, 'c', 1)).toEqual({ counted: false, repeat: true });
  });

  it('keeps the views of a write the database refused for the next one, and writes what is pending when stopped', async () => {
    const { counter, writes, state } = recordingCounter();
    counter.record({ day: 'd', articleId: 4 }, 'a', 0);
    state.refuse = true;
    await expect(counter.flush()).rejects.toThrow('database busy');
    counter.record({ day: 'd', articleId: 4 }, 'b', 0);
    state.refuse = false;
    await counter.stop();
    expect(writes).toEqual([{ articles: [{ day: 'd', key: 4, views: 2 }], referrers: [], campaigns: [] }]);
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
