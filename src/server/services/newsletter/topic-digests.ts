import { formatZonedDateTime, truncateAtWord } from '@/lib/format';
import { MAIL_EDITIONS, scheduleText } from '@/lib/mail-editions';
import { SITE_NAME } from '@/lib/site';
import { appConfig } from '@/server/config';
import { writeTransaction } from '@/server/db';
import { listArticlesPublishedBetween, type MailedArticle } from '@/server/queries/articles';
import { listAudienceAfter, type SubscriberRow } from '@/server/queries/subscribers';
import type { MailDocument } from '@/server/services/mail/layout';
import type { MailMessage } from '@/server/mail-message';
import { queueMailingBatches, readMailingState, writeMailingState, type MailingState } from '@/server/services/newsletter/mailings';
import { subscriberLinks, subscriberMessage } from '@/server/services/newsletter/subscriptions';

const TOPIC_DIGEST = 'mailing:topic-digest';
/** The first digest looks back this far. */
const TOPIC_FIRST_LOOK_BACK_MS = 3_600_000;
const TOPIC_MAX_ARTICLES = 50;

/** One reader's digest of the new stories in the topics they follow; undefined when none is theirs. */
export function topicDigestMessage(subscriber: SubscriberRow, articles: readonly MailedArticle[], edition: string): MailMessage | undefined {
  const topics = new Set(JSON.parse(subscriber.topics) as string[]);
  const theirs = articles.filter((a) => topics.has(a.categorySlug));
  if (theirs.length === 0) return undefined;
  const site = appConfig().siteUrl;
  const names = [...new Set(theirs.map((a) => a.categoryName))];
  const document: MailDocument = {
    title: theirs.length === 1 ? `New in ${names[0] ?? ''}: ${theirs[0]?.title ?? ''}` : `${theirs.length} new stories in ${names.join(', ')}`,
    intro: 'New on EnergyPulse in the topics you follow.',
    sections: [
      {
        heading: 'New stories',
        items: theirs.map((a) => ({
          title: a.title,
          href: `${site}/article/${a.slug}`,
          meta: `${a.categoryName} · ${a.author} · ${formatZonedDateTime(a.publishedAt)}`,
          body: truncateAtWord(a.excerpt, 220),
        })),
      },
    ],
    footer: {
      reason: `You get this ${MAIL_EDITIONS.topics.name} because you follow topics on ${SITE_NAME} (${scheduleText(MAIL_EDITIONS.topics.schedule)}).`,
      ...subscriberLinks(subscriber),
    },
    campaign: MAIL_EDITIONS.topics.kind,
  };
  return subscriberMessage(subscriber, document, { kind: 'topics', dedupeKey: `topics:${edition}:${subscriber.id}` });
}

/**
 * The hourly digest of new stories for readers who follow topics: the stories published since
 * the previous digest, to each reader whose topics they are in, at most one message per reader
 * and run (the job runs hourly). Resumable like the briefing.
 */
export async function sendTopicDigests(options: { now: Date; signal?: AbortSignal | undefined; batchSize?: number }): Promise<string> {
  const stored = await readMailingState(TOPIC_DIGEST);
  let state: MailingState;
  if (stored && !stored.done) state = stored;
  else {
    const from = stored?.until ?? options.now.getTime() - TOPIC_FIRST_LOOK_BACK_MS;
    state = { edition: String(options.now.getTime()), from, until: options.now.getTime(), cursor: 0, done: false };
    await writeTransaction((tx) => writeMailingState(TOPIC_DIGEST, state, tx));
  }
  const articles = await listArticlesPublishedBetween(new Date(state.from), new Date(state.until), TOPIC_MAX_ARTICLES);
  if (articles.length === 0) {
    await writeTransaction((tx) => writeMailingState(TOPIC_DIGEST, { ...state, done: true }, tx));
    return 'No new stories.';
  }
  const edition = state.edition;
  const { queued } = await queueMailingBatches({
    key: TOPIC_DIGEST,
    state,
    nextBatch: (afterId, limit) => listAudienceAfter('topics', afterId, limit),
    compose: (subscriber) => topicDigestMessage(subscriber, articles, edition),
    now: options.now,
    signal: options.signal,
    batchSize: options.batchSize,
  });
  return `Queued ${queued} topic ${queued === 1 ? 'digest' : 'digests'} for ${articles.length} new ${articles.length === 1 ? 'story' : 'stories'}.`;
}
