import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { subscriberAlerts, subscribers } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewSubscriberRow = typeof subscribers.$inferInsert;

/** The subscriber with this (lowercased) address. */
export async function getSubscriberByEmail(email: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.email, email)).limit(1);
  return row;
}

/** The subscriber a manage link's token hash belongs to. */
export async function getSubscriberByManageHash(hash: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.manageTokenHash, hash)).limit(1);
  return row;
}

/** Adds a subscriber. */
export async function insertSubscriber(row: NewSubscriberRow, tx: Executor = db): Promise<void> {
  await tx.insert(subscribers).values(row);
}

/** Changes a subscriber's row. */
export async function updateSubscriber(id: number, changes: Partial<NewSubscriberRow>, tx: Executor = db): Promise<void> {
  await tx.update(subscribers).set(changes).where(eq(subscribers.id, id));
}

/** Activates the pending subscriber whose unexpired confirm token has this hash; the row, or undefined. */
export async function confirmSubscriberByHash(hash: string, now: Date, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .update(subscribers)
    .set({ status: 'active', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(subscribers.confirmTokenHash, hash), gt(subscribers.confirmExpiresAt, now)))
    .returning();
  return row;
}

/** What a mailing goes to: readers of the daily briefing, the weekly roundup, price alerts, or followed topics. */
export type MailingAudience = 'dailyBriefing' | 'weeklyRoundup' | 'priceAlerts' | 'topics';

/**
 * The next `limit` active subscribers of an audience with ids above `afterId`, by id: a
 * mailing's batches walk the table by primary key, so a persisted cursor resumes it.
 */
export function listAudienceAfter(audience: MailingAudience, afterId: number, limit: number, tx: Executor = db): Promise<SubscriberRow[]> {
  const wants = audience === 'topics' ? ne(subscribers.topics, '[]') : eq(subscribers[audience], true);
  return tx
    .select()
    .from(subscribers)
    .where(and(gt(subscribers.id, afterId), eq(subscribers.status, 'active'), wants))
    .orderBy(asc(subscribers.id))
    .limit(limit);
}

export type SubscriberAlertRow = typeof subscriberAlerts.$inferSelect;

/**
 * The next `limit` active price-alert readers (ids above `afterId`, by id) with a rule on
 * one of `slugs`, and those rules. Served by the (series, subscriber) index.
 */
export async function listAlertRulesAfter(
  slugs: readonly string[],
  afterId: number,
  limit: number,
  tx: Executor = db,
): Promise<{ subscriber: SubscriberRow; rules: SubscriberAlertRow[] }[]> {
  if (slugs.length === 0) return [];
  const ids = await tx
    .selectDistinct({ id: subscriberAlerts.subscriberId })
    .from(subscriberAlerts)
    .innerJoin(subscribers, eq(subscribers.id, subscriberAlerts.subscriberId))
    .where(
      and(
        inArray(subscriberAlerts.seriesSlug, [...slugs]),
        gt(subscriberAlerts.subscriberId, afterId),
        eq(subscribers.status, 'active'),
        eq(subscribers.priceAlerts, true),
      ),
    )
    .orderBy(asc(subscriberAlerts.subscriberId))
    .limit(limit);
  if (ids.length === 0) return [];
  const wanted = ids.map((r) => r.id);
  const [people, rules] = await Promise.all([
    tx.select().from(subscribers).where(inArray(subscribers.id, wanted)).orderBy(asc(subscribers.id)),
    tx
      .select()
      .from(subscriberAlerts)
      .where(and(inArray(subscriberAlerts.subscriberId, wanted), inArray(subscriberAlerts.seriesSlug, [...slugs])))
      .orderBy(asc(subscriberAlerts.id)),
  ]);
  return people.map((subscriber) => ({ subscriber, rules: rules.filter((r) => r.subscriberId === subscriber.id) }));
}
