// Readers' alerts on the data desk's figures (`src/lib/data-alerts.ts`): gas storage leaving its
// five-year range, a grid region setting a demand record, a state's monthly price moving by more
// than a reader's percentage. The job looks at each new figure once, turns what happened into
// events, and tells each reader whose alerts they match in one message.
import { GRID_REGIONS, LOWER_48 } from '@db/catalog/grid';
import type { RetailSectorCode } from '@db/catalog/states';
import { DATA_ALERT_SECTORS, DEMAND_RECORD_HISTORY_DAYS, GAS_STORAGE_SLUG, parseStatePriceSubject, statePriceSubject } from '@/lib/data-alerts';
import { isEiaSource, US_STATES } from '@/lib/energy';
import { formatHourBothZones, gridPagePath, localDayOfHour } from '@/lib/grid-format';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
import { formatAsOf, formatNumber, formatPercentChange, formatSeriesValue } from '@/lib/market-format';
import { fiveYearRange, type FiveYearBand } from '@/lib/series-stats';
import { SITE_NAME } from '@/lib/site';
import { addMonths, formatCents, formatMonth, retailSector, statePagePath } from '@/lib/state-format';
import { appConfig } from '@/server/config';
import { earliestGridHour, gridDemandRecord, latestGridHour, listGridHours, newestGridRow } from '@/server/queries/grid';
import { getSeriesBySlug, listObservationsBetween, listRecentObservations } from '@/server/queries/market';
import { listRetailPricesOfMonth, newestRetailPrice } from '@/server/queries/retail-prices';
import { listDataAlertRulesAfter, listWatchedDataAlerts, type SubscriberDataAlertRow } from '@/server/queries/subscriber-data-alerts';
import type { SubscriberRow } from '@/server/queries/subscribers';
import type { ChartCard } from '@/server/charts/chart-card';
import { getGridCard } from '@/server/services/grid/grid-card';
import { getStateCard } from '@/server/services/states/state-card';
import { mailChart, type MailChart } from '@/server/services/mail/mail-charts';
import type { MailMessage } from '@/server/mail-message';
import type { MailDocument, MailItem } from '@/server/services/mail/layout';
import { getSeriesCard, MAIL_SERIES_VIEW } from '@/server/services/markets/series-card';
import { sendAlertMailing, type AlertMailingState, type AlertRecipient } from '@/server/services/newsletter/mailings';
import { subscriberLinks, subscriberMessage } from '@/server/services/newsletter/subscriptions';

const DAY_MS = 86_400_000;

/**
 * Something the new figures did, once: `id` names it for good (the dedupe key of the messages
 * telling it); `subject` is the rule subject it concerns. A state's price move is an event
 * whatever its size; each reader's percentage decides whether it fires for them.
 */
export type DataEvent =
  | { id: string; kind: 'storage-range'; subject: string; title: string; meta: string; path: string }
  | { id: string; kind: 'demand-record'; subject: string; title: string; meta: string; path: string }
  | { id: string; kind: 'state-price'; subject: string; title: string; meta: string; path: string; percent: number };

/**
 * What the alerts last looked at: the newest storage week, each region's newest hour with a
 * demand figure (ms) and the local day of its last record alert, and the newest month of
 * retail prices. A kind without an entry takes the figures there are as seen (its first look
 * announces nothing: a new install or a first import is no event).
 */
export interface DataAlertsSeen {
  storage?: string;
  hours?: Record<string, number>;
  recordDays?: Record<string, string>;
  retail?: string;
}

/** A run's events; its charts by event id. */
type DataAlertState = AlertMailingState<{ events: DataEvent[] }>;

/** A reader whose data alerts match a run's events, and those alerts. */
type SubscriberDataAlertRecipient = AlertRecipient<SubscriberDataAlertRow>;

const DATA_ALERTS = 'mailing:data-alerts';
const DATA_ALERTS_SEEN = 'data_alerts_seen';

/** Which side of a five-year band a value is on: 1 above its maximum, −1 below its minimum, 0 inside (or no band). */
function sideOf(value: number, band: FiveYearBand | undefined): -1 | 0 | 1 {
  if (!band) return 0;
  if (value > band.max) return 1;
  return value < band.min ? -1 : 0;
}

/**
 * Gas storage's newest week, when it moved outside the five-year range of its week (the week
 * before was inside it, or outside on the other side). EIA's figures only: the seeded sample is
 * no event.
 */
async function storageEvents(seen: DataAlertsSeen): Promise<DataEvent[]> {
  const series = await getSeriesBySlug(GAS_STORAGE_SLUG);
  if (!series || !isEiaSource(series.source)) return [];
  const [latest, previous] = await listRecentObservations(series.id, 2);
  if (!latest) return [];
  const before = seen.storage;
  seen.storage = latest.period;
  if (before === undefined || before >= latest.period || !previous) return [];
  const from = new Date(Date.parse(`${previous.period}T00:00:00Z`) - (5 * 364 + 7) * DAY_MS).toISOString().slice(0, 10);
  const history = await listObservationsBetween(series.id, { start: from, end: latest.period }, 400);
  const bands = fiveYearRange([previous.period, latest.period], history);
  const band = bands.find((b) => b.period === latest.period);
  const side = sideOf(latest.value, band);
  if (
    !band ||
    side === 0 ||
    side ===
      sideOf(
        previous.value,
        bands.find((b) => b.period === previous.period),
      )
  )
    return [];
  const value = (v: number) => formatSeriesValue(v, series);
  return [
    {
      id: `storage-range:${GAS_STORAGE_SLUG}@${latest.period}`,
      kind: 'storage-range',
      subject: GAS_STORAGE_SLUG,
      title: `${series.name} ${side > 0 ? 'rose above' : 'fell below'} its five-year range`,
      meta: `${value(latest.value)} in the week ending ${formatAsOf(latest.period, 'weekly')}; the same week of the previous five years ranged from ${value(band.min)} to ${value(band.max)} (average ${value(band.average)}).`,
      path: `/markets/${GAS_STORAGE_SLUG}`,
    },
  ];
}

/** A region's hours since `after` (ms), those with a demand figure. */
async function newDemandHours(code: string, after: number): Promise<{ period: Date; demand: number }[]> {
  const rows = await listGridHours(code, new Date(after + 1), new Date(8.64e15));
  return rows.flatMap((r) => (r.demand === null ? [] : [{ period: r.period, demand: r.demand }]));
}

/**
 * Each region whose new hours beat its record: the highest demand stored before them (EIA's
 * hourly figures the import keeps, up to two years), once the region has a year of history
 * stored. The highest new hour is the event; at most one per region and local day.
 */
async function demandRecordEvents(seen: DataAlertsSeen): Promise<DataEvent[]> {
  if ((await newestGridRow(LOWER_48))?.sample !== false) return [];
  const hours = (seen.hours ??= {});
  const days = (seen.recordDays ??= {});
  const events: DataEvent[] = [];
  for (const region of GRID_REGIONS) {
    const after = hours[region.code];
    if (after === undefined) {
      const latest = await latestGridHour(region.code);
      if (latest) hours[region.code] = latest.period.getTime();
      continue;
    }
    const fresh = await newDemandHours(region.code, after);
    const newest = fresh.at(-1);
    if (!newest) continue;
    hours[region.code] = newest.period.getTime();
    const peak = fresh.reduce((best, h) => (h.demand > best.demand ? h : best));
    const [record, earliest] = await Promise.all([gridDemandRecord(region.code, new Date(after)), earliestGridHour(region.code)]);
    if (!record || !earliest || peak.demand <= record.demand) continue;
    if (peak.period.getTime() - earliest.getTime() < DEMAND_RECORD_HISTORY_DAYS * DAY_MS) continue;
    const day = localDayOfHour(peak.period, region.timeZone);
    if (days[region.code] === day) continue;
    days[region.code] = day;
    const mwh = (v: number) => `${formatNumber(v, 0)} MWh`;
    events.push({
      id: `demand-record:${region.code}@${peak.period.toISOString()}`,
      kind: 'demand-record',
      subject: region.code,
      title: `${region.name} set a demand record: ${mwh(peak.demand)}`,
      meta: `In the hour ending ${formatHourBothZones(peak.period, region)}; the record before was ${mwh(record.demand)}, on ${formatAsOf(localDayOfHour(record.period, region.timeZone), 'daily')}.`,
      path: gridPagePath(region.code),
    });
  }
  return events;
}

/** Every state's move of each sector's price in the newest month of EIA's retail prices, from the month before. */
async function statePriceEvents(seen: DataAlertsSeen): Promise<DataEvent[]> {
  const newest = await newestRetailPrice('US', 'ALL');
  if (!newest || newest.sample) return [];
  const before = seen.retail;
  seen.retail = newest.period;
  if (before === undefined || before >= newest.period) return [];
  const sectors = DATA_ALERT_SECTORS.map((s) => s.code);
  const previousMonth = addMonths(newest.period, -1);
  const [now, then] = await Promise.all([listRetailPricesOfMonth(sectors, newest.period), listRetailPricesOfMonth(sectors, previousMonth)]);
  const earlier = new Map(then.map((r) => [statePriceSubject(r.state, r.sector), r.price]));
  return now.flatMap((r) => {
    const subject = statePriceSubject(r.state, r.sector);
    const old = earlier.get(subject);
    const state = US_STATES[r.state];
    if (old === undefined || old === 0 || !state || r.price === old) return [];
    const percent = ((r.price - old) / old) * 100;
    const sector = retailSector(r.sector as (typeof sectors)[number]).label.toLowerCase();
    return [
      {
        id: `state-price:${subject}@${r.period}`,
        kind: 'state-price' as const,
        subject,
        title: `${state}’s ${sector} electricity price ${percent > 0 ? 'rose' : 'fell'} ${formatPercentChange(Math.round(Math.abs(percent) * 100) / 100).replace(/^\+/, '')}`,
        meta: `${formatCents(r.price)} in ${formatMonth(r.period)}, from ${formatCents(old)} in ${formatMonth(previousMonth)}`,
        path: statePagePath(r.state),
        percent,
      },
    ];
  });
}

/** Whether a reader's rule fires on an event: the subject matches, and a price move is larger than the reader's percentage. */
export function dataAlertFires(rule: Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>, event: DataEvent): boolean {
  if (rule.kind !== event.kind || rule.subject !== event.subject) return false;
  return event.kind !== 'state-price' || Math.abs(event.percent) > (rule.value ?? Number.POSITIVE_INFINITY);
}

/** The message telling one reader which of the events their alerts match; undefined when none do. */
export function dataAlertMessage(
  subscriber: SubscriberRow,
  rules: readonly Pick<SubscriberDataAlertRow, 'kind' | 'subject' | 'value'>[],
  events: readonly DataEvent[],
  charts: Readonly<Record<string, MailChart>> = {},
): MailMessage | undefined {
  const site = appConfig().siteUrl;
  const fired = events.filter((e) => rules.some((r) => dataAlertFires(r, e)));
  if (fired.length === 0) return undefined;
  const items: MailItem[] = fired.map((e) => {
    const rule = rules.find((r) => dataAlertFires(r, e));
    const asked = e.kind === 'state-price' && rule?.value != null ? `; you asked for moves of more than ${rule.value}%` : '';
    return { title: e.title, href: `${site}${e.path}`, meta: `${e.meta}${asked}`, image: charts[e.id]?.image };
  });
  const inlineImages = fired.flatMap((e) => charts[e.id]?.inline ?? []);
  const edition = MAIL_EDITIONS.dataAlerts;
  const document: MailDocument = {
    title: items.length === 1 ? `Data alert: ${items[0]?.title ?? ''}` : `${items.length} of your data alerts fired`,
    intro: 'The latest U.S. Energy Information Administration figures did something you asked us to watch for.',
    sections: [{ heading: 'Your alerts', items }],
    footer: { reason: `You get ${SITE_NAME} ${edition.name} because you set them up.`, ...subscriberLinks(subscriber) },
    campaign: edition.kind,
  };
  return subscriberMessage(subscriber, document, {
    kind: edition.kind,
    inlineImages,
    // Each event is found once (DATA_ALERTS_SEEN), so a reader's key names one message for good.
    dedupeKey: `${edition.kind}:${subscriber.id}:${fired.map((e) => e.id).join(',')}`,
  });
}

/**
 * The chart card of what an event concerns, as its page draws it: gas storage over a year with
 * its five-year range; the region's week of demand with the record hour in it; the state's
 * price of the sector against the US average.
 */
async function eventCard(event: DataEvent): Promise<ChartCard | undefined> {
  switch (event.kind) {
    case 'storage-range':
      return getSeriesCard(GAS_STORAGE_SLUG, { ...MAIL_SERIES_VIEW, range: '1y' });
    case 'demand-record':
      return getGridCard(event.subject);
    case 'state-price': {
      const { state, sector } = parseStatePriceSubject(event.subject);
      return getStateCard(state, { chart: 'price', sector: retailSector(sector as RetailSectorCode).slug });
    }
  }
}

/**
 * The chart of each event that some reader's alert matches (a state's price move only when it is
 * larger than the smallest percentage a reader asked for), drawn and stored once for the run. An
 * event whose chart cannot be drawn or stored goes without it.
 */
async function eventCharts(events: readonly DataEvent[]): Promise<Record<string, MailChart>> {
  const watched = await listWatchedDataAlerts([...new Set(events.map((e) => e.subject))]);
  const charts: Record<string, MailChart> = {};
  for (const event of events) {
    if (!watched.some((rule) => dataAlertFires(rule, event))) continue;
    try {
      const card = await eventCard(event);
      if (card) charts[event.id] = await mailChart(card, event.subject);
    } catch (error) {
      console.error(JSON.stringify({ event: 'mail_chart_failed', id: event.id, message: error instanceof Error ? error.message : String(error) }));
    }
  }
  return charts;
}

/**
 * After the EIA imports (the daily one and the hourly grid import): finds what the new figures
 * did, once (what was looked at is stored with the run that covers it), and tells each reader
 * whose data alerts match, one message per reader and run. Readers are queued in batches with a
 * persisted cursor, so an interrupted run is finished by the next call before new figures are
 * looked at.
 */
export function sendDataAlerts(options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  return sendAlertMailing<DataAlertState, DataAlertsSeen, SubscriberDataAlertRecipient>({
    key: DATA_ALERTS,
    seenKey: DATA_ALERTS_SEEN,
    now: options.now ?? new Date(),
    batchSize: options.batchSize,
    find: async (seen, run) => {
      const events = [...(await storageEvents(seen)), ...(await demandRecordEvents(seen)), ...(await statePriceEvents(seen))];
      return events.length === 0 ? undefined : { ...run, events, charts: await eventCharts(events) };
    },
    nextBatch: async (state, afterId, limit) =>
      (await listDataAlertRulesAfter([...new Set(state.events.map((e) => e.subject))], afterId, limit)).map((r) => ({ id: r.subscriber.id, ...r })),
    compose: (state, { subscriber, rules }) => dataAlertMessage(subscriber, rules, state.events, state.charts),
  });
}
