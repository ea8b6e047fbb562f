// The admin's CSV export of every subscriber with their choices and alerts, streamed a batch at a
// time. (A role without the right to readers' personal data gets it without the e-mail column:
// src/server/auth/route-permissions.ts.)

import { csvRow } from '@/lib/csv';
import { CHOSEN_EDITIONS, type ChosenEdition } from '@/lib/mail-editions';
import { listAlertsOfSubscribers, listSubscribersAfter, type SubscriberAlertRow } from '@/server/queries/subscribers';
import { listDataAlertsOfSubscribers, type SubscriberDataAlertRow } from '@/server/queries/subscriber-data-alerts';
import { topicsOf } from '@/server/services/newsletter/subscriptions';

/** Subscribers the export reads per query. */
const EXPORT_BATCH = 500;

/** A choice's column in the export: the choice in snake case, as its database column is named. */
const choiceCsvColumn = (edition: ChosenEdition) => edition.choice.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The export's columns: each edition readers choose (`CHOSEN_EDITIONS`) after the status. */
export const SUBSCRIBER_CSV_COLUMNS = [
  'email',
  'status',
  ...CHOSEN_EDITIONS.map(choiceCsvColumn),
  'topics',
  'alerts',
  'data_alerts',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
];

const describeAlert = (a: Pick<SubscriberAlertRow, 'seriesSlug' | 'kind' | 'value'>) =>
  a.kind === 'move' ? `${a.seriesSlug} move ${a.value}%` : `${a.seriesSlug} ${a.kind} ${a.value}`;

const describeDataAlert = (a: Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>) =>
  a.kind === 'storage-range'
    ? 'gas storage out of range'
    : a.kind === 'demand-record'
      ? `${a.subject} demand record`
      : `${a.subject} move ${a.value ?? 0}%`;

/**
 * Every subscriber with their choices as CSV (RFC 4180, CRLF), streamed: read by id a batch at
 * a time as the download is consumed, so memory does not grow with the list.
 */
export function subscribersCsvStream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow([...SUBSCRIBER_CSV_COLUMNS])));
      }
      const rows = await listSubscribersAfter(afterId, EXPORT_BATCH);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterId = rows.at(-1)?.id ?? afterId;
      const ids = rows.map((r) => r.id);
      const [alerts, dataAlerts] = await Promise.all([listAlertsOfSubscribers(ids), listDataAlertsOfSubscribers(ids)]);
      const lines = rows.map((r) =>
        csvRow([
          r.email,
          r.status,
          ...CHOSEN_EDITIONS.map((edition) => (r[edition.choice] ? 'yes' : 'no')),
          topicsOf(r).join(' '),
          alerts
            .filter((a) => a.subscriberId === r.id)
            .map(describeAlert)
            .join('; '),
          dataAlerts
            .filter((a) => a.subscriberId === r.id)
            .map(describeDataAlert)
            .join('; '),
          r.createdAt.toISOString(),
          r.confirmedAt?.toISOString() ?? '',
          r.unsubscribedAt?.toISOString() ?? '',
        ]),
      );
      controller.enqueue(encoder.encode(lines.join('')));
    },
  });
}
