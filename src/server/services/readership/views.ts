import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { SITE_TIME_ZONE } from '@/lib/format';
import { ADMIN_PAGE_SIZE } from '@/lib/validation/admin-lists';
import {
  MAIL_CAMPAIGNS,
  RANGE_DAYS,
  READERSHIP_RANGES,
  type AdminReadershipQuery,
  type ReadershipRange,
  type ViewBeacon,
} from '@/lib/validation/readership';
import type { ReadershipReport } from '@/lib/wire/readership';
import { addDays, zonedParts, zonedTime } from '@/lib/zoned-time';
import { writeTransaction } from '@/server/db';
import { messages, RateLimitError } from '@/server/errors';
import {
  addArticleViews,
  addSourceViews,
  countTopStories,
  deleteReadershipBefore,
  deleteSourceVisitorsBefore,
  listSourceViews,
  listTopStories,
  rebuildArticleViewTotals,
  type SourceDayCount,
} from '@/server/queries/readership';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { PublishedStories } from '@/server/services/readership/public-stories';
import { machineViewConfirm } from '@/server/services/readership/machine-views';
import { READERSHIP_MIN_VISITORS, ViewCounter, type SourceCount, type ViewBatch, type ViewOutcome } from '@/server/services/readership/view-counter';
import { machineRateLimit } from '@/server/services/rate-limits/machine';
import { VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';

/** The last day worked out, and the instants it runs from and until (the time zone's rules are read once a day, not once a view). */
let dayCache: { day: string; from: number; until: number } | undefined;

/** The US Eastern day of `now`: the day views count on. */
export function readershipDay(now: Date): string {
  const t = now.getTime();
  if (dayCache && t >= dayCache.from && t < dayCache.until) return dayCache.day;
  const day = zonedParts(now, SITE_TIME_ZONE).day;
  const from = zonedTime(day, '00:00', SITE_TIME_ZONE).getTime();
  const until = zonedTime(addDays(day, 1), '00:00', SITE_TIME_ZONE).getTime();
  dayCache = { day, from, until };
  return day;
}

/** Each period's first day when `today` is the last. */
export function periodStarts(today: string): Record<ReadershipRange, string> {
  return Object.fromEntries(READERSHIP_RANGES.map((range) => [range, addDays(today, 1 - RANGE_DAYS[range])])) as Record<ReadershipRange, string>;
}

/** Daily counts are kept this many days: 13 months and a little more. */
export const READERSHIP_KEEP_DAYS = 400;

/** How many referring sites the readership screen lists. */
const TOP_REFERRERS = 20;

/** The day the period totals were built for (`site_state`). */
const TOTALS_DAY = 'readership:day';

/**
 * Counts one view from the page's beacon, in this process's memory: nothing for a known bot
 * (or a request without a user agent) or a story that is not public, the referrer only when
 * it is another site, the campaign only when it is one of the site's mails. A client's
 * repeat views of a story count once in 15 minutes and a few times a day; past its limit, a
 * 429 with Retry-After (thrown, or the promise rejects with it while the machine's count is asked).
 */
export function recordView(
  counter: ViewCounter,
  beacon: ViewBeacon,
  client: { address: string; userAgent: string | null | undefined },
  siteHost: string,
  now = new Date(),
): void | Promise<void> {
  if (!client.userAgent || isBot(client.userAgent)) return;
  const campaign = MAIL_CAMPAIGNS.find((name) => name === beacon.campaign);
  const referrer = beacon.referrer && beacon.referrer !== siteHost ? beacon.referrer : undefined;
  const outcome = counter.record({ day: readershipDay(now), articleId: beacon.article, referrer, campaign }, client.address, now.getTime());
  return outcome instanceof Promise ? outcome.then(refuseIfLimited) : refuseIfLimited(outcome);
}

/** A view past its client's limit is a 429 with Retry-After. */
function refuseIfLimited(outcome: ViewOutcome): void {
  if (outcome.result === 'limited') throw new RateLimitError(outcome.waitMs / 1000, messages.viewsRateLimited);
}

/** User agents already looked at (readers' browsers are few): isbot's long pattern runs once per agent. */
const botAgents = new Map<string, boolean>();
const BOT_AGENTS_KEPT = 1_000;

/** Whether a user agent is a known bot (isbot), remembered for the next views. */
function isBot(userAgent: string): boolean {
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botAgents.size >= BOT_AGENTS_KEPT) botAgents.clear();
    botAgents.set(userAgent, bot);
  }
  return bot;
}

/** The day this process last saw the totals built for: the day's change is checked in the database only when it moves. */
let totalsBuiltFor: string | undefined;

/** The day's key for the visitors' hashes (`site_state`: the day, a space, the key in hex). */
const VISITOR_KEY = 'readership:visitor-key';

/** This process's copy of the day's visitor key. */
let visitorKey: { day: string; key: string } | undefined;

/**
 * Writes one batch of views in one transaction. When the US Eastern day has changed since
 * the period totals were built, they are built afresh first (by whichever process writes
 * first; the others see `site_state` say so), and the past days' visitor hashes and key go.
 * With nothing to add and the day unchanged, it writes nothing. The visitors of a referrer or
 * campaign are stored as a keyed hash (HMAC-SHA-256 under a random key made for the day and
 * shared by every process through `site_state`), never as an address.
 */
export async function writeViewBatch(batch: ViewBatch, now = new Date()): Promise<void> {
  const today = readershipDay(now);
  const empty = batch.articles.length + batch.referrers.length + batch.campaigns.length === 0;
  if (empty && totalsBuiltFor === today) return;
  const starts = periodStarts(today);
  // This process's copy of the key is kept only once the transaction that read or made it committed.
  let dayKey = visitorKey?.day === today ? visitorKey : undefined;
  await writeTransaction(async (tx) => {
    if ((await getSiteState(TOTALS_DAY, tx)) !== today) {
      await rebuildArticleViewTotals(starts, tx);
      // The past days' visitor hashes go, and so does their key: a new one for the new day.
      await deleteSourceVisitorsBefore(today, tx);
      dayKey = { day: today, key: randomBytes(32).toString('hex') };
      await setSiteState(VISITOR_KEY, `${today} ${dayKey.key}`, tx);
      await setSiteState(TOTALS_DAY, today, tx);
    }
    await addArticleViews(batch.articles, starts, now, tx);
    if (batch.referrers.length + batch.campaigns.length === 0) return;
    if (!dayKey) {
      const [day, stored] = (await getSiteState(VISITOR_KEY, tx))?.split(' ') ?? [];
      dayKey = day === today && stored ? { day, key: stored } : { day: today, key: randomBytes(32).toString('hex') };
      if (dayKey.key !== stored) await setSiteState(VISITOR_KEY, `${today} ${dayKey.key}`, tx);
    }
    const key = Buffer.from(dayKey.key, 'hex');
    const hashed = (rows: SourceCount[]): SourceDayCount[] =>
      rows.map((row) => ({ ...row, visitors: row.visitors.map((a) => createHmac('sha256', key).update(a).digest('base64url').slice(0, 22)) }));
    await addSourceViews('referrer', hashed(batch.referrers), READERSHIP_MIN_VISITORS, tx);
    await addSourceViews('campaign', hashed(batch.campaigns), READERSHIP_MIN_VISITORS, tx);
  });
  visitorKey = dayKey;
  totalsBuiltFor = today;
}

/** The readership screen: a page of the period's top stories, its top referring sites and its visits from mails. */
export async function getReadershipReport(query: AdminReadershipQuery, now = new Date()): Promise<ReadershipReport> {
  const today = readershipDay(now);
  const from = periodStarts(today)[query.range];
  const [items, total, referrers, campaigns] = await Promise.all([
    listTopStories(query.range, ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    countTopStories(query.range),
    listSourceViews('referrer', from, TOP_REFERRERS, READERSHIP_MIN_VISITORS),
    listSourceViews('campaign', from, MAIL_CAMPAIGNS.length, READERSHIP_MIN_VISITORS),
  ]);
  return { ...adminPage(items, query.page, total, false), range: query.range, from, to: today, referrers, campaigns };
}

/** Deletes daily counts older than READERSHIP_KEEP_DAYS (13 months and more); answers how many rows went. */
export function pruneReadership(now: Date): Promise<number> {
  return deleteReadershipBefore(addDays(readershipDay(now), -READERSHIP_KEEP_DAYS));
}

let processCounter: ViewCounter | undefined;

/**
 * This process's readership counter, writing every half second from its first use, and counting
 * only the stories its set of published ones says are public (and, behind several web
 * processes, only the views the machine's caps allow: `machineViewConfirm`, and a client's
 * views a minute counted for the machine: `machineRateLimit`). The production server
 * (src/server/front) answers the beacon itself with it and writes what is pending on
 * shutdown; under `astro dev` the route uses it.
 */
export function processViewCounter(): ViewCounter {
  if (!processCounter) {
    processCounter = new ViewCounter({
      write: (batch) => writeViewBatch(batch),
      stories: new PublishedStories(),
      confirm: machineViewConfirm(),
      limit: machineRateLimit('views', VIEWS_PER_CLIENT_PER_MINUTE),
    });
    processCounter.start();
  }
  return processCounter;
}
