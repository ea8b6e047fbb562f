import { and, asc, eq, gt, inArray, min } from 'drizzle-orm';
import { subscriberDataAlerts, subscribers } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { withTheirRules, type SubscriberRow } from '@/server/queries/subscribers';

export type SubscriberDataAlertRow = typeof subscriberDataAlerts.$inferSelect;
export type NewSubscriberDataAlert = Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>;

/** A subscriber's data alerts, in the order they were saved. */
export function listDataAlertsOfSubscriber(subscriberId: number, tx: Executor = db): Promise<SubscriberDataAlertRow[]> {
  return tx.select().from(subscriberDataAlerts).where(eq(subscriberDataAlerts.subscriberId, subscriberId)).orderBy(asc(subscriberDataAlerts.id));
}

/** The data alerts of several subscribers (one page of an export, or of a data alert mailing: only those on `subjects`), by subscriber. */
export function listDataAlertsOfSubscribers(
  subscriberIds: readonly number[],
  subjects?: readonly string[],
  tx: Executor = db,
): Promise<SubscriberDataAlertRow[]> {
  if (subscriberIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(subscriberDataAlerts)
    .where(and(inArray(subscriberDataAlerts.subscriberId, [...subscriberIds]), subjects && inArray(subscriberDataAlerts.subject, [...subjects])))
    .orderBy(asc(subscriberDataAlerts.id));
}

/** Replaces a subscriber's data alerts with these. */
export async function replaceDataAlertsOfSubscriber(
  subscriberId: number,
  alerts: readonly NewSubscriberDataAlert[],
  now: Date,
  tx: Executor = db,
): Promise<void> {
  await tx.delete(subscriberDataAlerts).where(eq(subscriberDataAlerts.subscriberId, subscriberId));
  if (alerts.length > 0) await tx.insert(subscriberDataAlerts).values(alerts.map((a) => ({ ...a, subscriberId, createdAt: now })));
}

/**
 * The alerts active readers keep on these subjects, one per kind and subject with the lowest
 * percentage asked (a price move larger than it fires for someone): what a run draws charts for.
 */
export async function listWatchedDataAlerts(
  subjects: readonly string[],
  tx: Executor = db,
): Promise<Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>[]> {
  if (subjects.length === 0) return [];
  return tx
    .select({ kind: subscriberDataAlerts.kind, subject: subscriberDataAlerts.subject, value: min(subscriberDataAlerts.value) })
    .from(subscriberDataAlerts)
    .innerJoin(subscribers, eq(subscribers.id, subscriberDataAlerts.subscriberId))
    .where(and(inArray(subscriberDataAlerts.subject, [...subjects]), eq(subscribers.status, 'active')))
    .groupBy(subscriberDataAlerts.kind, subscriberDataAlerts.subject);
}

/**
 * The next `limit` active readers (ids above `afterId`, by id) with a data alert on one of
 * `subjects`, and those alerts: a range of the (subject, subscriber) index per subject.
 */
export async function listDataAlertRulesAfter(
  subjects: readonly string[],
  afterId: number,
  limit: number,
  tx: Executor = db,
): Promise<{ subscriber: SubscriberRow; rules: SubscriberDataAlertRow[] }[]> {
  if (subjects.length === 0) return [];
  const ids = await tx
    .selectDistinct({ id: subscriberDataAlerts.subscriberId })
    .from(subscriberDataAlerts)
    // A cross join keeps SQLite's order: the alerts of the subjects first, each reader looked up by id
    // (driving from the active readers instead would walk every one of them).
    .crossJoin(subscribers)
    .where(
      and(
        inArray(subscriberDataAlerts.subject, [...subjects]),
        gt(subscriberDataAlerts.subscriberId, afterId),
        eq(subscribers.id, subscriberDataAlerts.subscriberId),
        eq(subscribers.status, 'active'),
      ),
    )
    .orderBy(asc(subscriberDataAlerts.subscriberId))
    .limit(limit);
  return withTheirRules(
    ids.map((r) => r.id),
    (wanted) => listDataAlertsOfSubscribers(wanted, subjects, tx),
    tx,
  );
}
