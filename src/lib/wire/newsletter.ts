// What the API answers about newsletter readers and the mail the site sends.
import * as z from '@/lib/validation/zod-mini';
import { byChoice } from '@/lib/mail-editions';
import { OUTBOX_KINDS, OUTBOX_STATUSES } from '@/lib/validation/admin-lists';
import { ALERT_KINDS, dataAlertsSchema } from '@/lib/validation/newsletter';
import { about, isoDateTime, named, personal, recordId, namedObject } from '@/lib/wire/common';

const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;

/** What a reader gets: each edition readers choose (`CHOSEN_EDITIONS`), on or off, and the topics they follow. */
const choices = {
  ...byChoice(() => z.boolean()),
  topics: about(z.array(z.string()), 'Followed topics (category slugs).'),
};

/** A newsletter subscriber in the admin's list. */
export const adminSubscriberSchema = namedObject('Subscriber', 'A newsletter reader and their choices.', {
  id: recordId,
  email: personal(z.string()),
  status: z.enum(SUBSCRIBER_STATUSES),
  ...choices,
  createdAt: isoDateTime,
  confirmedAt: z.nullable(isoDateTime),
  unsubscribedAt: z.nullable(isoDateTime),
});
export type AdminSubscriber = z.output<typeof adminSubscriberSchema>;

/** A subscriber's choices as the preferences page shows and saves them. */
export const subscriberPreferencesSchema = namedObject('SubscriberPreferences', 'A reader’s choices, topics, price alerts and data alerts.', {
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  ...choices,
  alerts: z.array(z.object({ seriesSlug: z.string(), kind: z.enum(ALERT_KINDS), value: z.number() })),
  dataAlerts: about(dataAlertsSchema, 'Gas storage leaving its five-year range, grid regions’ demand records, states’ monthly price moves.'),
});
export type SubscriberPreferences = z.output<typeof subscriberPreferencesSchema>;

const outboxItemFields = z.object({
  id: recordId,
  kind: about(z.string(), `${OUTBOX_KINDS.slice(0, -1).join(', ')} or ${OUTBOX_KINDS.at(-1) ?? ''}.`),
  to: personal(z.string()),
  subject: z.string(),
  status: about(z.enum(OUTBOX_STATUSES), '`kept`: no SMTP server is configured, so the message stays here.'),
  attempts: z.int(),
  lastError: z.string(),
  createdAt: isoDateTime,
  sentAt: z.nullable(isoDateTime),
  /** When a pending message is tried (again). */
  nextAttemptAt: about(isoDateTime, 'When a pending message is tried (again).'),
});

/** A message in the admin's Newsletter tab: what it is, to whom, and how its delivery went. */
export const outboxItemSchema = named('OutboxItem', outboxItemFields, 'A message the site sent or will send, with how its delivery went.');
export type OutboxItem = z.output<typeof outboxItemSchema>;

/** One message in full: its plain text and HTML parts. */
export const outboxMessageSchema = named('OutboxMessage', z.extend(outboxItemFields, { text: z.string(), html: z.nullable(z.string()) }));
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

/** The next briefing as it would go out now. */
export const briefingPreviewSchema = named('BriefingPreview', z.object({ subject: z.string(), html: z.string(), text: z.string() }));
export type BriefingPreview = z.output<typeof briefingPreviewSchema>;
