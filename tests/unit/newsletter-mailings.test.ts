import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, categories, comments, contactMessages, marketObservations, marketSeries, outbox, subscriberAlerts, subscribers } from '@db/schema';
import { openDatabase } from '@db/client';
import { headerLine as header, MAIL_SITE_ENV, useMailProcess } from '../helpers/mail-process.ts';

// A real SMTP server in this process: what it accepts is what a mailbox would receive.
const {
  url,
  other,
  deliver: deliverAt,
  db,
  runDueJobs,
  ensureScheduledJob,
} = await useMailProcess('mailings', { ...MAIL_SITE_ENV, EDITORS_EMAIL: 'desk@energypulse.test' });
const { newsletterJobs } = await import('@/server/jobs/newsletter');
const { sendEdition } = await import('@/server/services/newsletter/briefing');
const { sendPriceAlerts } = await import('@/server/services/newsletter/price-alerts');
const { sendTopicDigests } = await import('@/server/services/newsletter/topic-digests');
const { notifyEditors } = await import('@/server/services/mail/editor-notices');

// Monday, November 23, 2026, 06:30 in New York.
const BRIEFING_AT = new Date('2026-11-23T11:30:00Z');
const HOUR = 3_600_000;

let n = 0;
async function subscriber(values: Partial<typeof subscribers.$inferInsert> & { email: string }): Promise<number> {
  const salt = `salt-${++n}`;
  const [row] = await db
    .insert(subscribers)
    .values({ status: 'active', dailyBriefing: true, tokenSalt: salt, manageTokenHash: `hash-${salt}`, createdAt: new Date(0), ...values })
    .returning({ id: subscribers.id });
  return row?.id ?? 0;
}

async function article(title: string, categoryId: number, publishedAt: Date, status: 'draft' | 'published' = 'published'): Promise<number> {
  const [row] = await db
    .insert(articles)
    .values({
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      title,
      excerpt: `What ${title} means for the market.`,
      content: '<p>x</p>',
      author: 'Energy Desk',
      categoryId,
      status,
      publishedAt,
    })
    .returning({ id: articles.id });
  return row?.id ?? 0;
}

const deliver = (now: Date) => deliverAt(() => now);

/**
 * A message's inline chart: the PNG part it attaches, its size once sharp decodes it, and the
 * alt text of the image the HTML shows by that part's Content-ID (the parser puts the part's
 * bytes in place of a `cid:` address it resolves, so a match proves the HTML names that part).
 */
async function inlineChart(mail: ParsedMail | undefined) {
  const parts = (mail?.attachments ?? []).filter((a) => a.contentType === 'image/png');
  expect(parts).toHaveLength(1);
  const [part] = parts;
  expect(part?.contentDisposition).toBe('inline');
  expect(part?.cid).toMatch(/^chart-[0-9a-f]{24}@energypulse\.test$/);
  const { width, height, format } = await sharp(part?.content).metadata();
  const img = /<img src="data:image\/png;base64,([^"]+)" alt="([^"]*)" width="(\d+)" height="(\d+)"/.exec(mail?.html || '');
  expect(Buffer.from(img?.[1] ?? '', 'base64').equals(part?.content ?? Buffer.alloc(0))).toBe(true);
  return { format, width, height, alt: (img?.[2] ?? '').replace(/&amp;/g, '&'), shown: [Number(img?.[3]), Number(img?.[4])] };
}

beforeAll(async () => {
  await db.insert(categories).values([
    { id: 1, name: 'Oil & Gas', slug: 'oil-gas' },
    { id: 2, name: 'Renewables', slug: 'renewables' },
    { id: 3, name: 'Solar', slug: 'solar' },
  ]);
  const [wti] = await db
    .insert(marketSeries)
    .values({ slug: 'wti', name: 'WTI Crude', unit: '$/bbl', frequency: 'daily', source: 'eia:petroleum/pri/spt?series=RWTC', decimals: 2 })
    .returning({ id: marketSeries.id });
  await db.insert(marketObservations).values([
    { seriesId: wti?.id ?? 0, period: '2026-11-19', value: 70 },
    { seriesId: wti?.id ?? 0, period: '2026-11-20', value: 76 },
  ]);
});

describe('the daily briefing', () => {
  it('reaches each active reader who chose it once, with both parts and one-click unsubscribe, though two processes run the job', async () => {
    await subscriber({ email: 'reader@example.com' });
    await subscriber({ email: 'second@example.com', topics: '["oil-gas"]' });
    await subscriber({ email: 'pending@example.com', status: 'pending' });
    await subscriber({ email: 'gone@example.com', status: 'unsubscribed' });
    await subscriber({ email: 'weekly-only@example.com', dailyBriefing: false, weeklyRoundup: true });
    await article('Permian output hits a record', 1, new Date(BRIEFING_AT.getTime() - 3 * HOUR));
    await article('Offshore wind auction clears', 2, new Date(BRIEFING_AT.getTime() - 5 * HOUR));
    await article('Draft that must not leak', 1, new Date(BRIEFING_AT.getTime() - 2 * HOUR), 'draft');
    await article('Scheduled for later today', 1, new Date(BRIEFING_AT.getTime() + 2 * HOUR));
    await article('Last week news', 1, new Date(BRIEFING_AT.getTime() - 30 * HOUR));

    const jobs = newsletterJobs({ briefingTime: '06:30' });
    await ensureScheduledJob('daily-briefing', BRIEFING_AT);
    const [a, b] = await Promise.all([
      runDueJobs(jobs, { holder: 'process-a', now: () => BRIEFING_AT }),
      runDueJobs(jobs, { holder: 'process-b', now: () => BRIEFING_AT, executor: other.db }),
    ]);
    expect([...a, ...b]).toEqual(['daily-briefing']);

    const mails = await deliver(new Date(BRIEFING_AT.getTime() + 60_000));
    expect(mails.map((m) => m.to && 'value' in m.to && m.to.value[0]?.address).sort()).toEqual(['reader@example.com', 'second@example.com']);
    const mail = mails.find((m) => header(m, 'to')?.includes('reader@example.com'));
    expect(mail?.subject).toBe('Briefing: Permian output hits a record');
    const text = mail?.text ?? '';
    expect(text).toContain('OIL & GAS');
    expect(text).toContain('RENEWABLES');
    expect(text).toContain('https://energypulse.test/article/permian-output-hits-a-record');
    expect(text).toContain('Offshore wind auction clears');
    expect(text).not.toContain('Draft that must not leak');
    expect(text).not.toContain('Scheduled for later today');
    expect(text).not.toContain('Last week news');
    // The market figure with its change, the period of the change, its cadence and as-of date.
    expect(text).toContain('WTI Crude: $76.00/bbl');
    expect(text).toContain('+8.57% vs previous day · Daily, as of Nov 20, 2026');
    expect(text).toMatch(/Change what you get: https:\/\/energypulse\.test\/newsletter\/preferences\?token=[\w-]{20,}/);
    expect(mail?.html).toContain('<h2');
    expect(mail?.html).toContain('lang="en"');
    // Its links carry the edition's campaign, so the readership screen counts the visits they bring.
    expect(mail?.html).toContain(
      'href="https://energypulse.test/article/offshore-wind-auction-clears?utm_source=energypulse&amp;utm_medium=email&amp;utm_campaign=briefing"',
    );
    expect(header(mail, 'list-unsubscribe')).toMatch(/^List-Unsubscribe: <https:\/\/energypulse\.test\/newsletter\/unsubscribe\?token=[\w-]{20,}>$/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The lead figure's chart, sent inside the message: a PNG at twice its size in the message,
    // its alt text naming the series and its latest figure (written beside it in text too).
    const chart = await inlineChart(mail);
    expect(chart).toMatchObject({ format: 'png', width: 1200, height: 680, shown: [600, 340] });
    expect(chart.alt).toMatch(/^Chart: WTI Crude.*Latest: \$76\.00\/bbl, as of Nov 20, 2026\./);
    // Every reader's message names the one stored chart.
    const second = mails.find((m) => header(m, 'to')?.includes('second@example.com'));
    expect(second?.attachments[0]?.content.equals(mail?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(true);

    // Once a day: running it again the same day sends nothing more.
    expect(await sendEdition('briefing', { now: new Date(BRIEFING_AT.getTime() + HOUR) })).toMatch(/already sent/);
    expect(await deliver(new Date(BRIEFING_AT.getTime() + 2 * HOUR))).toEqual([]);
  });

  it('resumes a roundup that crashed mid-send from its cursor: every reader once, nobody twice, nobody missed', async () => {
    const readers: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const email = `weekly${i}@example.com`;
      readers.push(email);
      await subscriber({ email, dailyBriefing: false, weeklyRoundup: true });
    }
    readers.push('weekly-only@example.com');
    let batches = 0;
    const crash = () => {
      if (++batches === 3) throw new Error('The process died mid-send');
    };
    await expect(sendEdition('roundup', { now: BRIEFING_AT, batchSize: 3, afterBatch: crash })).rejects.toThrow('died mid-send');
    // Two batches committed before the crash; the third rolled back with it.
    const queuedBefore = await db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.kind, 'roundup'));
    expect(queuedBefore).toHaveLength(6);

    // Taken over: only the rest are queued (the cursor, not the dedupe key, skips the first six).
    expect(await sendEdition('roundup', { now: new Date(BRIEFING_AT.getTime() + 5 * 60_000), batchSize: 3 })).toBe(
      'Queued the weekly roundup of 2026-11-23 for 2 readers.',
    );
    const mails = await deliver(new Date(BRIEFING_AT.getTime() + 10 * 60_000));
    const to = mails.map((m) => (m.to && 'value' in m.to ? m.to.value[0]?.address : '')).sort();
    expect(to).toEqual(readers.sort());
    expect(mails.every((m) => m.subject === 'Weekly roundup: Permian output hits a record')).toBe(true);
  });
});

describe('price alerts', () => {
  it('tell each reader once per import which of their rules the new observation fired, and nobody else', async () => {
    const ann = await subscriber({ email: 'ann@example.com', dailyBriefing: false, priceAlerts: true });
    const bob = await subscriber({ email: 'bob@example.com', dailyBriefing: false, priceAlerts: true });
    const off = await subscriber({ email: 'alerts-off@example.com', dailyBriefing: false, priceAlerts: false });
    const high = await subscriber({ email: 'high@example.com', dailyBriefing: false, priceAlerts: true });
    const createdAt = new Date(0);
    await db.insert(subscriberAlerts).values([
      { subscriberId: ann, seriesSlug: 'wti', kind: 'above', value: 75, createdAt },
      { subscriberId: ann, seriesSlug: 'wti', kind: 'move', value: 5, createdAt },
      { subscriberId: bob, seriesSlug: 'wti', kind: 'below', value: 60, createdAt },
      { subscriberId: off, seriesSlug: 'wti', kind: 'above', value: 75, createdAt },
      { subscriberId: high, seriesSlug: 'wti', kind: 'above', value: 80, createdAt },
    ]);
    // 70 → 76: Ann's "above 75" and "moved more than 5%" fire; Bob's "below 60" and the "above 80" do not.
    expect(await sendPriceAlerts({ now: BRIEFING_AT })).toBe(1);
    let mails = await deliver(new Date(BRIEFING_AT.getTime() + 60_000));
    expect(mails).toHaveLength(1);
    expect(header(mails[0], 'to')).toContain('ann@example.com');
    expect(mails[0]?.subject).toBe('Price alert: WTI Crude rose to or above $75.00/bbl and moved more than 5%');
    expect(mails[0]?.text).toContain('$76.00/bbl as of Nov 20, 2026, from $70.00/bbl on Nov 19, 2026 (+8.57%)');
    const chart = await inlineChart(mails[0]);
    expect(chart).toMatchObject({ format: 'png', width: 1200, height: 680 });
    expect(chart.alt).toMatch(/^Chart: WTI Crude.*Latest: \$76\.00\/bbl, as of Nov 20, 2026\./);
    expect(header(mails[0], 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The same observation is not looked at twice.
    expect(await sendPriceAlerts({ now: BRIEFING_AT })).toBe(0);

    const [wti] = await db.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, 'wti'));
    // 76 → 74: no rule crosses (Ann's "above" needs a rise through 75; 2.6% is no 5% move).
    await db.insert(marketObservations).values({ seriesId: wti?.id ?? 0, period: '2026-11-23', value: 74 });
    expect(await sendPriceAlerts({ now: BRIEFING_AT })).toBe(0);
    // 74 → 59: Bob's "below 60" and Ann's move fire.
    await db.insert(marketObservations).values({ seriesId: wti?.id ?? 0, period: '2026-11-24', value: 59 });
    expect(await sendPriceAlerts({ now: BRIEFING_AT })).toBe(2);
    mails = await deliver(new Date(BRIEFING_AT.getTime() + 2 * 60_000));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Price alert: WTI Crude fell to or below $60.00/bbl',
      'Price alert: WTI Crude moved more than 5%',
    ]);
  });
});

describe('topic digests', () => {
  it('send the hour’s new stories to readers who follow their topic, at most once a run, and nothing to others', async () => {
    await subscriber({ email: 'solar-fan@example.com', dailyBriefing: false, topics: '["solar"]' });
    const now = new Date(BRIEFING_AT.getTime() + HOUR);
    await article('Refinery restarts after outage', 1, new Date(now.getTime() - 20 * 60_000));
    expect(await sendTopicDigests({ now })).toBe('Queued 1 topic digest for 1 new story.');
    const mails = await deliver(new Date(now.getTime() + 60_000));
    expect(mails).toHaveLength(1);
    expect(header(mails[0], 'to')).toContain('second@example.com');
    expect(mails[0]?.subject).toBe('New in Oil & Gas: Refinery restarts after outage');
    expect(header(mails[0], 'list-unsubscribe')).toContain('/newsletter/unsubscribe?token=');
    // The next hour brings the story that was scheduled for it; the hour after, nothing.
    expect(await sendTopicDigests({ now: new Date(now.getTime() + HOUR) })).toBe('Queued 1 topic digest for 1 new story.');
    expect((await deliver(new Date(now.getTime() + HOUR + 60_000))).map((m) => m.subject)).toEqual(['New in Oil & Gas: Scheduled for later today']);
    expect(await sendTopicDigests({ now: new Date(now.getTime() + 2 * HOUR) })).toBe('No new stories.');
  });
});

describe("the editors' notice", () => {
  it('tells, on its first run, what arrived before it ran: the watermark starts at install, not at the first run', async () => {
    // This database was installed (migrated) in beforeAll; the notice has never run since.
    const articleId = await article('Comment magnet', 1, new Date(BRIEFING_AT.getTime() - 6 * HOUR));
    await db.insert(comments).values([
      { articleId, authorName: 'Pat', authorEmail: 'pat@example.com', content: 'Where is the data from?' },
      { articleId, authorName: 'Sam', authorEmail: 'sam@example.com', content: 'Already approved', approved: true },
    ]);
    await db.insert(contactMessages).values({ name: 'Lee', email: 'lee@example.com', subject: 'Press inquiry', category: 'press', message: 'Hello' });
    expect(await notifyEditors(BRIEFING_AT)).toBe('Told the editors of 1 comments and 1 messages.');
    const mails = await deliver(new Date(BRIEFING_AT.getTime() + 60_000));
    expect(mails).toHaveLength(1);
    expect(header(mails[0], 'to')).toContain('desk@energypulse.test');
    expect(mails[0]?.subject).toBe('New on the site: 1 pending comment and 1 new message');
    expect(mails[0]?.text).toContain('Pat on “Comment magnet”');
    expect(mails[0]?.text).toContain('https://energypulse.test/admin#comments');
    expect(mails[0]?.text).toContain('Press inquiry');
    expect(mails[0]?.text).toContain('https://energypulse.test/admin#messages');
    expect(mails[0]?.text).not.toContain('Already approved');
    expect(await notifyEditors(BRIEFING_AT)).toBe('Nothing new.');
  });

  it('tells the editors, and every active owner and editor with an address, of drafts submitted for review, once each', async () => {
    const { users } = await import('@db/schema');
    const { audit } = await import('@/server/services/staff/audit');
    await db.insert(users).values([
      { username: 'ed@energypulse.test', email: 'ed@energypulse.test', passwordHash: 'x', role: 'editor', displayName: 'Ed' },
      { username: 'gone@energypulse.test', email: 'gone@energypulse.test', passwordHash: 'x', role: 'editor', deactivatedAt: new Date() },
      { username: 'wren@energypulse.test', email: 'wren@energypulse.test', passwordHash: 'x', role: 'contributor' },
    ]);
    await audit({ userId: null, username: 'wren@energypulse.test' }, 'article_submitted', { type: 'article', id: 7, summary: 'Grid story' });
    expect(await notifyEditors(BRIEFING_AT)).toBe('Told the editors of 0 comments and 0 messages and 1 drafts for review.');
    const mails = await deliver(new Date(BRIEFING_AT.getTime() + 60_000));
    expect(mails.map((m) => header(m, 'to')).sort()).toEqual([
      expect.stringContaining('desk@energypulse.test'),
      expect.stringContaining('ed@energypulse.test'),
    ]);
    expect(mails[0]?.subject).toBe('New on the site: 1 draft for review');
    expect(mails[0]?.text).toContain('Grid story');
    expect(mails[0]?.text).toContain('Submitted by wren@energypulse.test');
    expect(await notifyEditors(BRIEFING_AT)).toBe('Nothing new.');
  });

  it('starts the watermark of a database installed with comments and messages at them, once', async () => {
    const { startInstallState } = await import('@db/migrate');
    const { EDITORS_NOTICE_WATERMARK } = await import('@db/constants');
    const { siteState } = await import('@db/schema');
    const setup = await openDatabase({ url });
    try {
      // An install upgraded to the notice: what it already holds is not news.
      await setup.db.delete(siteState).where(eq(siteState.key, EDITORS_NOTICE_WATERMARK));
      await startInstallState(setup.db);
      const mark = async () => (await setup.db.select().from(siteState).where(eq(siteState.key, EDITORS_NOTICE_WATERMARK)))[0]?.value;
      const [maxComment] = await setup.db.select({ id: comments.id }).from(comments).orderBy(desc(comments.id)).limit(1);
      expect(JSON.parse((await mark()) ?? '{}')).toEqual({ comments: maxComment?.id, messages: 1 });
      // Set once: a later start leaves the notice's own progress alone.
      await setup.db.update(siteState).set({ value: '{"comments":0,"messages":0}' }).where(eq(siteState.key, EDITORS_NOTICE_WATERMARK));
      await startInstallState(setup.db);
      expect(await mark()).toBe('{"comments":0,"messages":0}');
    } finally {
      setup.close();
    }
  });
});
