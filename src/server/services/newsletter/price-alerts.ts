import { MAIL_EDITIONS } from '@/lib/mail-editions';
import { formatAsOf, formatPercentChange, formatSeriesValue, percentChange, type Frequency } from '@/lib/market-format';
import { SITE_NAME } from '@/lib/site';
import { appConfig } from '@/server/config';
import { listSeriesWithLatest } from '@/server/queries/market';
import { listAlertRulesAfter, listWatchedSeries, type SubscriberAlertRow, type SubscriberRow } from '@/server/queries/subscribers';
import { mailChart, type MailChart } from '@/server/services/mail/mail-charts';
import type { InlineImage, MailMessage } from '@/server/mail-message';
import type { MailDocument, MailItem } from '@/server/services/mail/layout';
import { getSeriesCard, MAIL_SERIES_VIEW } from '@/server/services/markets/series-card';
import { sendAlertMailing, type AlertMailingState, type AlertRecipient } from '@/server/services/newsletter/mailings';
import { subscriberLinks, subscriberMessage } from '@/server/services/newsletter/subscriptions';

/** A series whose latest observation is new since alerts were last looked at. */
export interface MovedSeries {
  slug: string;
  name: string;
  unit: string;
  decimals: number;
  frequency: Frequency;
  period: string;
  value: number;
  previousPeriod: string;
  previousValue: number;
}

/** A run's moved series; its charts by series slug. */
type PriceAlertState = AlertMailingState<{ series: MovedSeries[] }>;

/** A reader with price alerts on, and their rules on the moved series. */
type SubscriberAlertRecipient = AlertRecipient<SubscriberAlertRow>;

const PRICE_ALERTS = 'mailing:price-alerts';
/** The latest period of each series that alerts were already looked at for: `{slug: period}`. */
const PRICE_ALERTS_SEEN = 'price_alerts_seen';

/**
 * Whether a rule fires on a series' newest observation: `above` when it reaches the value
 * from below (the previous observation under it), `below` when it falls to it from above,
 * `move` when it changed from the previous observation by more than `value` percent.
 */
export function alertFires(rule: Pick<SubscriberAlertRow, 'kind' | 'value'>, series: Pick<MovedSeries, 'value' | 'previousValue'>): boolean {
  const { value: latest, previousValue: previous } = series;
  if (rule.kind === 'above') return previous < rule.value && latest >= rule.value;
  if (rule.kind === 'below') return previous > rule.value && latest <= rule.value;
  if (previous === 0) return false;
  return (Math.abs(latest - previous) / Math.abs(previous)) * 100 > rule.value;
}

function percentText(s: MovedSeries): string {
  const pct = percentChange(s.value, s.previousValue);
  return pct === null ? '' : ` (${formatPercentChange(pct)})`;
}

function ruleText(rule: SubscriberAlertRow, s: MovedSeries): string {
  const threshold = formatSeriesValue(rule.value, s);
  if (rule.kind === 'above') return `rose to or above ${threshold}`;
  if (rule.kind === 'below') return `fell to or below ${threshold}`;
  return `moved more than ${rule.value}%`;
}

/** The message telling one reader which of their rules fired, one entry per series; undefined when none did. */
export function priceAlertMessage(
  subscriber: SubscriberRow,
  rules: readonly SubscriberAlertRow[],
  series: readonly MovedSeries[],
  charts: Readonly<Record<string, MailChart>> = {},
): MailMessage | undefined {
  const site = appConfig().siteUrl;
  const items: MailItem[] = [];
  const fired: string[] = [];
  const inlineImages: InlineImage[] = [];
  for (const s of series) {
    const hits = rules.filter((r) => r.seriesSlug === s.slug && alertFires(r, s));
    if (hits.length === 0) continue;
    fired.push(`${s.slug}@${s.period}`);
    const now = formatSeriesValue(s.value, s);
    const before = formatSeriesValue(s.previousValue, s);
    items.push({
      title: `${s.name} ${hits.map((r) => ruleText(r, s)).join(' and ')}`,
      href: `${site}/markets/${s.slug}`,
      meta: `${now} as of ${formatAsOf(s.period, s.frequency)}, from ${before} on ${formatAsOf(s.previousPeriod, s.frequency)}${percentText(s)}`,
      image: charts[s.slug]?.image,
    });
    const chart = charts[s.slug];
    if (chart) inlineImages.push(chart.inline);
  }
  if (items.length === 0) return undefined;
  const document: MailDocument = {
    title: items.length === 1 ? `Price alert: ${items[0]?.title ?? ''}` : `${items.length} of your price alerts fired`,
    intro: 'The latest U.S. Energy Information Administration figures crossed a level you asked us to watch.',
    sections: [{ heading: 'Your alerts', items }],
    footer: { reason: `You get ${SITE_NAME} ${MAIL_EDITIONS.alerts.name} because you set them up.`, ...subscriberLinks(subscriber) },
    campaign: MAIL_EDITIONS.alerts.kind,
  };
  return subscriberMessage(subscriber, document, {
    kind: 'alert',
    inlineImages,
    // One message per reader and import; each series' observation is looked at once (PRICE_ALERTS_SEEN).
    dedupeKey: `alert:${subscriber.id}:${fired.join(',')}`,
  });
}

/** Series whose newest observation (with one before it) is newer than what alerts last saw. */
async function findMovedSeries(seen: Record<string, string>): Promise<MovedSeries[]> {
  const rows = await listSeriesWithLatest();
  const moved: MovedSeries[] = [];
  for (const latest of rows) {
    if (latest.period === null || latest.value === null) continue;
    if (moved.some((m) => m.slug === latest.slug) || (seen[latest.slug] ?? '') >= latest.period) continue;
    const previous = rows.find((r) => r.id === latest.id && r.period !== null && r.period < (latest.period ?? ''));
    if (!previous || previous.period === null || previous.value === null) continue;
    moved.push({
      slug: latest.slug,
      name: latest.name,
      unit: latest.unit,
      decimals: latest.decimals,
      frequency: latest.frequency,
      period: latest.period,
      value: latest.value,
      previousPeriod: previous.period,
      previousValue: previous.value,
    });
  }
  return moved;
}

/**
 * The chart of each moved series a reader watches: its last month, ending with the figure that
 * moved. A chart that cannot be drawn or stored is left out (the alert goes without it).
 */
async function movedCharts(moved: readonly MovedSeries[]): Promise<Record<string, MailChart>> {
  const charts: Record<string, MailChart> = {};
  for (const slug of await listWatchedSeries(moved.map((m) => m.slug))) {
    try {
      const card = await getSeriesCard(slug, MAIL_SERIES_VIEW);
      if (card) charts[slug] = await mailChart(card, slug);
    } catch (error) {
      console.error(JSON.stringify({ event: 'mail_chart_failed', slug, message: error instanceof Error ? error.message : String(error) }));
    }
  }
  return charts;
}

/**
 * After an import: tells each reader with price alerts on, once, which of their rules the new
 * observations fired. Each series' newest observation is looked at once (the periods seen are
 * stored with the run that covers them); readers are queued in batches with a persisted
 * cursor, so an interrupted run is finished by the next call, before new figures are looked at.
 */
export function sendPriceAlerts(options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  return sendAlertMailing<PriceAlertState, Record<string, string>, SubscriberAlertRecipient>({
    key: PRICE_ALERTS,
    seenKey: PRICE_ALERTS_SEEN,
    now: options.now ?? new Date(),
    batchSize: options.batchSize,
    find: async (seen, run) => {
      const moved = await findMovedSeries(seen);
      if (moved.length === 0) return undefined;
      for (const m of moved) seen[m.slug] = m.period;
      return { ...run, series: moved, charts: await movedCharts(moved) };
    },
    nextBatch: async (state, afterId, limit) =>
      (
        await listAlertRulesAfter(
          state.series.map((s) => s.slug),
          afterId,
          limit,
        )
      ).map((r) => ({ id: r.subscriber.id, ...r })),
    compose: (state, { subscriber, rules }) => priceAlertMessage(subscriber, rules, state.series, state.charts),
  });
}
