import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { subscriberAlerts, subscribers } from '@db/schema';
import { CHOSEN_EDITIONS, MAIL_EDITIONS, type EditionChoice } from '@/lib/mail-editions';
import { db, type Executor } from '@/server/db';
import { columnsOf } from '@/server/queries/rows';
import { countRows, deleteWhere, findRow, type ListPage, updateWhere } from '@/server/queries/pages';

export type SubscriberRow = typeof subscribers.$inferSelect;
export type NewSubscriberRow = typeof subscribers.$inferInsert;
export type SubscriberAlertRow = typeof subscriberAlerts.$inferSelect;

/** The subscriber with this (lowercased) address. */
export async function getSubscriberByEmail(email: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  return findRow(tx, subscribers, eq(subscribers.email, email));
}

/** The subscriber a manage link's token hash belongs to. */
export async function getSubscriberByManageHash(hash: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  return findRow(tx, subscribers, eq(subscribers.manageTokenHash, hash));
}

/** The subscriber a confirm link's token hash belongs to (used, expired or not). */
export async function getSubscriberByConfirmHash(hash: string, tx: Executor = db): Promise<SubscriberRow | undefined> {
  return findRow(tx, subscribers, eq(subscribers.confirmTokenHash, hash));
}

/** Adds a subscriber; answers its id. */
export async function insertSubscriber(row: NewSubscriberRow, tx: Executor = db): Promise<number> {
  const [added] = await tx.insert(subscribers).values(row).returning({ id: subscribers.id });
  if (!added) throw new Error('The subscriber was not added');
  return added.id;
}

/** The subscriber of an id. */
export async function getSubscriberById(id: number, tx: Executor = db): Promise<SubscriberRow | undefined> {
  return findRow(tx, subscribers, eq(subscribers.id, id));
}

/**
 * Sets the hash of the subscriber's confirm link's token while its confirmation is open (not
 * expired, not used); answers whether it was set.
 */
export async function setConfirmTokenHash(id: number, hash: string, now: Date, tx: Executor = db): Promise<boolean> {
  return updateWhere(tx, subscribers, { confirmTokenHash: hash }, and(eq(subscribers.id, id), gt(subscribers.confirmExpiresAt, now)));
}

/** Changes a subscriber's row. */
export async function updateSubscriber(id: number, changes: Partial<NewSubscriberRow>, tx: Executor = db): Promise<void> {
  await tx.update(subscribers).set(changes).where(eq(subscribers.id, id));
}

/**
 * Activates the subscriber whose unexpired confirm token has this hash; the row, or
 * undefined. The hash stays (its expiry goes), so the same link later reads as "already
 * confirmed" instead of unknown.
 */
export async function confirmSubscriberByHash(hash: string, now: Date, tx: Executor = db): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .update(subscribers)
    .set({ status: 'active', confirmedAt: now, confirmExpiresAt: null })
    .where(and(eq(subscribers.confirmTokenHash, hash), gt(subscribers.confirmExpiresAt, now)))
    .returning();
  return row;
}

/** Removes a subscriber and their alerts; false when there was none. */
export async function deleteSubscriberById(id: number, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, subscribers, eq(subscribers.id, id));
}

/** A subscriber's price alerts, oldest first. */
export function listAlertsOfSubscriber(subscriberId: number, tx: Executor = db): Promise<SubscriberAlertRow[]> {
  return tx.select().from(subscriberAlerts).where(eq(subscriberAlerts.subscriberId, subscriberId)).orderBy(asc(subscriberAlerts.id));
}

/** The price alerts of several subscribers (one page of an export, or of a price alert mailing: only those on `slugs`), by subscriber. */
export function listAlertsOfSubscribers(subscriberIds: number[], slugs?: readonly string[], tx: Executor = db): Promise<SubscriberAlertRow[]> {
  if (subscriberIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(subscriberAlerts)
    .where(and(inArray(subscriberAlerts.subscriberId, subscriberIds), slugs && inArray(subscriberAlerts.seriesSlug, [...slugs])))
    .orderBy(asc(subscriberAlerts.id));
}

/** Replaces a subscriber's price alerts with these. */
export async function replaceAlertsOfSubscriber(
  subscriberId: number,
  alerts: { seriesSlug: string; kind: 'above' | 'below' | 'move'; value: number }[],
  now: Date,
  tx: Executor = db,
): Promise<void> {
  await tx.delete(subscriberAlerts).where(eq(subscriberAlerts.subscriberId, subscriberId));
  if (alerts.length > 0) await tx.insert(subscriberAlerts).values(alerts.map((a) => ({ ...a, subscriberId, createdAt: now })));
}

/** Which subscribers the admin's list shows. */
export interface SubscriberFilter {
  /** The start of an address (lowercased). */
  q?: string | undefined;
  status: 'all' | 'pending' | 'active' | 'unsubscribed';
}

function subscriberConditions(filter: SubscriberFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) {
    // A range on the unique e-mail index: every address that starts with q sorts between q and q + U+FFFF.
    conditions.push(gte(subscribers.email, filter.q), lt(subscribers.email, `${filter.q}\uffff`));
    // `+status` keeps the planner on that range (in address order, the page's order) instead of
    // taking the status index and sorting every row of the status for one page.
    if (filter.status !== 'all') conditions.push(sql`+${subscribers.status} = ${filter.status}`);
  } else if (filter.status !== 'all') {
    conditions.push(eq(subscribers.status, filter.status));
  }
  return conditions;
}

/**
 * The column of a reader's choice of an edition: `subscribers` has a boolean column named as each
 * choice of the catalog (`CHOSEN_EDITIONS`); a choice without one does not compile here.
 */
const choiceColumn = (choice: EditionChoice) => subscribers[choice];

/** A subscriber as the admin's list shows them (`AdminSubscriber`, topics still JSON text). */
const listColumns = columnsOf(subscribers, [
  'id',
  'email',
  'status',
  ...CHOSEN_EDITIONS.map((edition) => edition.choice),
  'topics',
  'createdAt',
  'confirmedAt',
  'unsubscribedAt',
]);

export type SubscriberListRow = { [K in keyof typeof listColumns]: SubscriberRow[K] };

/**
 * A page of the admin's subscriber list: by address when searching (the e-mail index's
 * order), else newest or oldest first (the status or creation index's order).
 */
export function listSubscriberRows(page: ListPage<SubscriberFilter, 'newest' | 'oldest'>, tx: Executor = db): Promise<SubscriberListRow[]> {
  const { filter, sort, limit, offset } = page;
  const byTime = sort === 'oldest' ? [asc(subscribers.createdAt), asc(subscribers.id)] : [desc(subscribers.createdAt), desc(subscribers.id)];
  return tx
    .select(listColumns)
    .from(subscribers)
    .where(and(...subscriberConditions(filter)))
    .orderBy(...(filter.q ? [asc(subscribers.email)] : byTime))
    .limit(limit)
    .offset(offset);
}

/** How many subscribers a filter matches; with `cap`, counting at most `cap` + 1 (a search's total says "1,000+"). */
export async function countSubscribers(filter: SubscriberFilter, cap?: number, tx: Executor = db): Promise<number> {
  const where = and(...subscriberConditions(filter));
  if (cap === undefined) {
    return countRows(tx, subscribers, where);
  }
  const matches = tx
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  return countRows(tx, matches);
}

/** Subscribers after `afterId`, by id: the export reads the whole list this way, a batch at a time. */
export function listSubscribersAfter(afterId: number, limit: number, tx: Executor = db): Promise<SubscriberListRow[]> {
  return tx.select(listColumns).from(subscribers).where(gt(subscribers.id, afterId)).orderBy(asc(subscribers.id)).limit(limit);
}

/** What a mailing goes to: the readers who chose an edition (`CHOSEN_EDITIONS`), or who follow topics. */
export type MailingAudience = EditionChoice | 'topics';

/**
 * The next `limit` active subscribers of an audience with ids above `afterId`, by id: a
 * mailing's batches walk the table by primary key, so a persisted cursor resumes it.
 */
export function listAudienceAfter(audience: MailingAudience, afterId: number, limit: number, tx: Executor = db): Promise<SubscriberRow[]> {
  const wants = audience === 'topics' ? ne(subscribers.topics, '[]') : eq(choiceColumn(audience), true);
  return tx
    .select()
    .from(subscribers)
    .where(and(gt(subscribers.id, afterId), eq(subscribers.status, 'active'), wants))
    .orderBy(asc(subscribers.id))
    .limit(limit);
}

/** Of these series, those some active reader with price alerts on has a rule on. */
export async function listWatchedSeries(slugs: readonly string[], tx: Executor = db): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await tx
    .selectDistinct({ slug: subscriberAlerts.seriesSlug })
    .from(subscriberAlerts)
    .innerJoin(subscribers, eq(subscribers.id, subscriberAlerts.subscriberId))
    .where(
      and(inArray(subscriberAlerts.seriesSlug, [...slugs]), eq(subscribers.status, 'active'), eq(choiceColumn(MAIL_EDITIONS.alerts.choice), true)),
    );
  return rows.map((r) => r.slug);
}

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
        eq(choiceColumn(MAIL_EDITIONS.alerts.choice), true),
      ),
    )
    .orderBy(asc(subscriberAlerts.subscriberId))
    .limit(limit);
  return withTheirRules(
    ids.map((r) => r.id),
    (wanted) => listAlertsOfSubscribers(wanted, slugs, tx),
    tx,
  );
}

/**
 * Some subscribers (by id, in id order), each with their rules of a batch that `rulesOf` reads
 * for them all at once: how the alert mailings turn a page of reader ids into their messages.
 */
export async function withTheirRules<R extends { subscriberId: number }>(
  ids: readonly number[],
  rulesOf: (ids: number[]) => Promise<R[]>,
  tx: Executor = db,
): Promise<{ subscriber: SubscriberRow; rules: R[] }[]> {
  if (ids.length === 0) return [];
  const wanted = [...ids];
  const [people, rules] = await Promise.all([
    tx.select().from(subscribers).where(inArray(subscribers.id, wanted)).orderBy(asc(subscribers.id)),
    rulesOf(wanted),
  ]);
  return people.map((subscriber) => ({ subscriber, rules: rules.filter((r) => r.subscriberId === subscriber.id) }));
}
