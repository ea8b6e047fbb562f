import { formatLongDate, formatZonedDateTime, SITE_TIME_ZONE, truncateAtWord } from '@/lib/format';
import { CADENCE_LABELS, formatAsOf, formatQuote, marketDataSourceNote } from '@/lib/market-format';
import { MAIL_EDITIONS, type ChosenEdition } from '@/lib/mail-editions';
import { SITE_NAME } from '@/lib/site';
import type { MarketDataItem } from '@/lib/wire/markets';
import { zonedParts } from '@/lib/zoned-time';
import { appConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { listArticlesPublishedBetween, type MailedArticle } from '@/server/queries/articles';
import { listMarketData } from '@/server/queries/market';
import { listAudienceAfter, type SubscriberRow } from '@/server/queries/subscribers';
import { RATE_RULES, takeRateLimit } from '@/server/services/rate-limits/recorded';
import { mailChart, type MailChart } from '@/server/services/mail/mail-charts';
import type { InlineImage, MailMessage } from '@/server/mail-message';
import { enqueueMail } from '@/server/services/mail/outbox';
import type { MailDocument, MailItem, MailSection } from '@/server/services/mail/layout';
import { mediaStorage } from '@/server/media-storage';
import { getSeriesCard, MAIL_SERIES_VIEW } from '@/server/services/markets/series-card';
import { storiesMailData, type StoryMailData } from '@/server/services/newsletter/story-mail';
import { queueMailingBatches, readMailingState, writeMailingState, type MailingState } from '@/server/services/newsletter/mailings';
import { subscriberLinks, testReader, subscriberMessage } from '@/server/services/newsletter/subscriptions';

/** The two newsletters: the daily briefing and the weekly roundup (their schedules and names: `MAIL_EDITIONS`). */
export type EditionKind = 'briefing' | 'roundup';

/** How each newsletter is put together: its mailing state's key, its readers, how far its first edition looks back, how many stories it lists. */
const EDITIONS = {
  briefing: {
    ...MAIL_EDITIONS.briefing,
    key: 'mailing:briefing',
    /** The first edition looks back this far. */
    firstLookBackMs: 24 * 3_600_000,
    maxArticles: 40,
  },
  roundup: {
    ...MAIL_EDITIONS.roundup,
    key: 'mailing:roundup',
    firstLookBackMs: 7 * 24 * 3_600_000,
    maxArticles: 10,
  },
} as const;

/** What every reader of an edition gets; only the footer's links differ between them. */
export interface EditionContent {
  subject: string;
  document: Omit<MailDocument, 'footer'>;
  /** The chart the document shows, attached to every reader's message. */
  inlineImages: InlineImage[];
}

/** A story as an entry of an edition: its topic (when the section is not the topic), author and time, and its data. */
export function articleItem(article: MailedArticle, site: string, withTopic: boolean, data?: StoryMailData): MailItem {
  return {
    title: article.title,
    href: `${site}/article/${article.slug}`,
    meta: `${withTopic ? `${article.categoryName} · ` : ''}${article.author} · ${formatZonedDateTime(article.publishedAt)}`,
    body: truncateAtWord(article.excerpt, 220),
    figures: data?.figures,
    image: data?.chart?.image,
  };
}

/** The day's stories grouped by topic (topics by name, stories newest first within each), each with its data (`storiesMailData`). */
export function storiesByTopic(
  articles: readonly MailedArticle[],
  site: string,
  data: ReadonlyMap<number, StoryMailData> = new Map(),
): MailSection[] {
  const topics = new Map<string, MailedArticle[]>();
  for (const a of articles) topics.set(a.categoryName, [...(topics.get(a.categoryName) ?? []), a]);
  return [...topics.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((heading) => ({ heading, items: (topics.get(heading) ?? []).map((a) => articleItem(a, site, false, data.get(a.id))) }));
}

/** The market figures as a section: each with its value, change and its period, cadence and as-of date. */
export function marketSection(items: readonly MarketDataItem[], site: string): MailSection | undefined {
  if (items.length === 0) return undefined;
  return {
    heading: 'Markets',
    items: items.map((item) => ({
      title: `${item.name}: ${formatQuote(item.value, item.unit)}`,
      href: `${site}/markets/${item.slug}`,
      meta: [
        item.change ? `${item.change} ${item.changePeriod}` : undefined,
        `${CADENCE_LABELS[item.frequency]}, as of ${formatAsOf(item.asOf, item.frequency)}${item.stale ? ' (not updated recently)' : ''}`,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    note: marketDataSourceNote(items),
  };
}

/** The content of an edition covering (`from`, `until`]. */
export async function composeEdition(kind: EditionKind, from: Date, until: Date): Promise<EditionContent> {
  const site = appConfig().siteUrl;
  const edition = EDITIONS[kind];
  const [articles, figures] = await Promise.all([
    listArticlesPublishedBetween(from, until, edition.maxArticles + 1, { featuredFirst: kind === 'roundup' }),
    listMarketData(),
  ]);
  const shown = articles.slice(0, edition.maxArticles);
  const data = await storiesMailData(shown.map((a) => a.id));
  const date = formatLongDate(until);
  const sections: MailSection[] = [];
  if (kind === 'briefing') sections.push(...storiesByTopic(shown, site, data));
  else if (shown.length > 0)
    sections.push({ heading: "The week's top stories", items: shown.map((a) => articleItem(a, site, true, data.get(a.id))) });
  const markets = marketSection(figures, site);
  const chart = figures[0] && (await leadChart(figures[0].slug));
  if (markets) sections.push(chart ? { ...markets, image: chart.image } : markets);
  const count = shown.length;
  const since = kind === 'briefing' ? 'since the last briefing' : 'this week';
  const intro =
    count === 0
      ? `No new stories ${since}. Here are the latest market figures.`
      : kind === 'briefing'
        ? `${count === 1 ? 'One new story' : `${count} new stories`} ${since}, by topic, and the latest market figures.`
        : `The ${count === 1 ? 'story' : `${count} stories`} of the week our editors picked, and the latest market figures.`;
  const title = kind === 'briefing' ? `Your ${SITE_NAME} briefing for ${date}` : `Your ${SITE_NAME} weekly roundup, ${date}`;
  const lead = shown[0]?.title;
  return {
    subject: lead ? `${kind === 'briefing' ? 'Briefing' : 'Weekly roundup'}: ${truncateAtWord(lead, 90)}` : title,
    document: {
      title,
      intro,
      sections,
      outro: articles.length > edition.maxArticles ? { text: 'More stories on the news page', href: `${site}/news` } : undefined,
    },
    // Every chart the message shows, once each (two views drawn alike are one stored PNG).
    inlineImages: [
      ...new Map(
        [...(chart ? [chart.inline] : []), ...[...data.values()].flatMap((d) => (d.chart ? [d.chart.inline] : []))].map((i) => [i.cid, i]),
      ).values(),
    ],
  };
}

/**
 * The chart of an edition: its lead market figure (the first of the Markets section, as the
 * catalog orders them) over the last month, beside the figures in text. An edition goes out
 * without it rather than not at all when it cannot be drawn or stored.
 */
async function leadChart(slug: string): Promise<MailChart | undefined> {
  try {
    const card = await getSeriesCard(slug, MAIL_SERIES_VIEW);
    return card && (await mailChart(card, slug));
  } catch (error) {
    console.error(JSON.stringify({ event: 'mail_chart_failed', slug, message: error instanceof Error ? error.message : String(error) }));
    return undefined;
  }
}

/** An edition as sent to one subscriber: their preferences and unsubscribe links, and the one-click unsubscribe headers. */
export function editionMessage(
  kind: EditionKind,
  content: EditionContent,
  subscriber: Pick<SubscriberRow, 'id' | 'email' | 'tokenSalt'>,
  edition: string,
): MailMessage {
  return newsletterMessage(EDITIONS[kind], content, subscriber, edition);
}

/** A newsletter's edition as sent to one subscriber (`editionMessage`), for any edition of the catalog readers choose. */
export function newsletterMessage(
  newsletter: Pick<ChosenEdition, 'kind' | 'name'>,
  content: EditionContent,
  subscriber: Pick<SubscriberRow, 'id' | 'email' | 'tokenSalt'>,
  edition: string,
): MailMessage {
  const links = subscriberLinks(subscriber);
  const document: MailDocument = {
    ...content.document,
    footer: { reason: `You get the ${SITE_NAME} ${newsletter.name} because you subscribed to it.`, ...links },
    campaign: newsletter.kind,
  };
  return subscriberMessage(subscriber, document, {
    kind: newsletter.kind,
    subject: content.subject,
    inlineImages: content.inlineImages,
    dedupeKey: `${newsletter.kind}:${edition}:${subscriber.id}`,
  });
}

/** The edition `now` belongs to: its US Eastern day. */
export function editionOf(now: Date): string {
  return zonedParts(now, SITE_TIME_ZONE).day;
}

/**
 * A newsletter readers choose, as `sendNewsletter` sends it: its catalog entry, its mailing
 * state's `site_state` key, how far its first edition looks back, and what every reader of the
 * edition covering (`from`, `until`] gets.
 */
export interface Newsletter {
  edition: ChosenEdition;
  key: string;
  firstLookBackMs: number;
  compose: (from: Date, until: Date) => Promise<EditionContent>;
}

/**
 * Sends (queues) today's edition of the briefing or the roundup to every active subscriber who
 * chose it, once (see `sendNewsletter`).
 */
export function sendEdition(
  kind: EditionKind,
  options: { now: Date; signal?: AbortSignal | undefined; batchSize?: number; afterBatch?: (queued: number) => void },
): Promise<string> {
  const edition = EDITIONS[kind];
  return sendNewsletter(
    { edition, key: edition.key, firstLookBackMs: edition.firstLookBackMs, compose: (from, until) => composeEdition(kind, from, until) },
    options,
  );
}

/**
 * Sends (queues) today's edition of a newsletter to every active subscriber who chose it, once:
 * the edition's window (since the previous edition) is fixed in the state when it starts, and
 * recipients are queued in batches with a persisted cursor (see `queueMailingBatches`), so a run
 * taken over after a crash resumes without duplicates or gaps. A second run the same day finds it
 * done.
 */
export async function sendNewsletter(
  newsletter: Newsletter,
  options: { now: Date; signal?: AbortSignal | undefined; batchSize?: number; afterBatch?: (queued: number) => void },
): Promise<string> {
  const { edition, key } = newsletter;
  const day = editionOf(options.now);
  const stored = await readMailingState(key);
  let state: MailingState;
  if (stored?.edition === day) {
    if (stored.done) return `The ${edition.name} of ${day} was already sent.`;
    state = stored;
  } else {
    const from = stored?.until ?? options.now.getTime() - newsletter.firstLookBackMs;
    state = { edition: day, from, until: options.now.getTime(), cursor: 0, done: false };
    await writeTransaction((tx) => writeMailingState(key, state, tx));
  }
  const content = await newsletter.compose(new Date(state.from), new Date(state.until));
  const { queued, done } = await queueMailingBatches({
    key,
    state,
    nextBatch: (afterId, limit) => listAudienceAfter(edition.choice, afterId, limit),
    compose: (subscriber) => newsletterMessage(edition, content, subscriber, day),
    now: options.now,
    signal: options.signal,
    batchSize: options.batchSize,
    afterBatch: options.afterBatch,
  });
  return `${done ? 'Queued' : 'Stopped after queueing'} the ${edition.name} of ${day} for ${queued} ${queued === 1 ? 'reader' : 'readers'}.`;
}

/** The next daily briefing as it stands now (stories since the last one), as a reader would get it, to the test reader `to`. */
async function nextBriefingFor(to: string, now: Date): Promise<MailMessage> {
  const stored = await readMailingState(EDITIONS.briefing.key);
  const from = stored?.until ?? now.getTime() - EDITIONS.briefing.firstLookBackMs;
  const content = await composeEdition('briefing', new Date(from), now);
  return editionMessage('briefing', content, testReader(to), editionOf(now));
}

/** The next daily briefing as it stands now, for the admin's preview: a reader's message, with the test links. */
export async function previewBriefing(now: Date = new Date()): Promise<{ subject: string; html: string; text: string }> {
  const message = await nextBriefingFor('', now);
  // A page shows no `cid:` image: the preview carries the chart's bytes in its address instead.
  let html = message.html ?? '';
  for (const image of message.inlineImages ?? []) {
    const png = await mediaStorage()
      .get(image.key)
      .catch(() => undefined);
    if (png) html = html.replaceAll(`src="cid:${image.cid}"`, `src="data:image/png;base64,${png.toString('base64')}"`);
  }
  return { subject: message.subject, html, text: message.text };
}

/**
 * Sends the next briefing as it stands to one address (the admin's "Send test"): the message a
 * reader gets, with its List-Unsubscribe headers, but marked as a test in its subject and with
 * the test links, whose pages say so. Limited per admin so the button cannot flood a mailbox.
 */
export async function sendTestBriefing(to: string, adminName: string, now: Date = new Date()): Promise<void> {
  const message = await nextBriefingFor(to, now);
  await writeTransaction(async (tx) => {
    await takeRateLimit(tx, 'newsletter-test', adminName, RATE_RULES.newsletterTest, now);
    await enqueueMail({ ...message, kind: 'test', subject: `[Test] ${message.subject}`, dedupeKey: `test:${adminName}:${now.getTime()}` }, tx, now);
  });
}
