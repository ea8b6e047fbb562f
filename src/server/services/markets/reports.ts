import { tableCsv } from '@/lib/chart-table';
import { OTHER_FUEL } from '@db/catalog/fuels';
import { FUEL_LABELS, isEiaSource, RENEWABLE_FUELS, US_STATES } from '@/lib/energy';
import { formatAsOf, generationSourceLine, seriesSourceLine } from '@/lib/market-format';
import {
  RANGE_DAYS,
  REGIONAL_METRIC_LABELS,
  REPORT_RANGE_LABELS,
  SHARE_PERIOD_LABELS,
  type ReportKind,
  type ReportQuery,
} from '@/lib/validation/reports';
import type { Report } from '@/lib/wire/markets';
import { NotFoundError, messages } from '@/server/errors';
import { showsTags } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import { latestGenerationMonth, listGenerationOfMonth, listUsGeneration, recentGenerationMonths } from '@/server/queries/generation';
import { latestObservationPeriod, listObservationsSince, listSeriesBySlugs } from '@/server/queries/market';

const DAY_MS = 86_400_000;
const SAMPLE_NOTE = 'Sample history shown until the editors import EIA data: shapes are realistic, values are not.';
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** "November 2026" of a generation month (`YYYY-MM`). */
const monthLabel = (period: string): string => formatAsOf(period, 'monthly');

/** Price Analysis and the custom report: the chosen series over the chosen range. */
async function priceReport(kind: 'price' | 'custom', query: ReportQuery<'price'> & { chart?: ReportQuery<'custom'>['chart'] }): Promise<Report> {
  const series = await listSeriesBySlugs(query.series);
  series.sort((a, b) => query.series.indexOf(a.slug as never) - query.series.indexOf(b.slug as never));
  if (series.length === 0) throw new NotFoundError(messages.noSeriesData);
  const ids = series.map((s) => s.id);
  const end = (await latestObservationPeriod(ids)) ?? new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(end) - RANGE_DAYS[query.range] * DAY_MS).toISOString().slice(0, 10);
  const rows = await listObservationsSince(ids, from);
  const data = series.map((s) => rows.filter((r) => r.seriesId === s.id));
  const units = new Set(series.map((s) => s.unit));
  const indexed = units.size > 1;
  const notes: string[] = [];
  const chartSeries = series.map((s, i) => {
    const points = data[i] ?? [];
    const base = points[0]?.value;
    const first = points[0];
    const last = points.at(-1);
    if (first && last) {
      const values = points.map((p) => p.value);
      const change = first.value !== 0 ? ((last.value - first.value) / first.value) * 100 : 0;
      notes.push(
        `${s.name}: ${first.value.toFixed(s.decimals)} to ${last.value.toFixed(s.decimals)} ${s.unit} (${change >= 0 ? '+' : ''}${change.toFixed(1)}%), ` +
          `low ${Math.min(...values).toFixed(s.decimals)}, high ${Math.max(...values).toFixed(s.decimals)}.`,
      );
    }
    return {
      name: indexed ? s.name : `${s.name} (${s.unit})`,
      data: points.map((p): [number, number] => [Date.parse(p.period), indexed && base ? round((p.value / base) * 100, 2) : p.value]),
    };
  });
  if (indexed)
    notes.unshift('The series have different units, so the chart shows each indexed to 100 at the start of the range; the table has the prices.');
  // Only the series with figures in the range say where they come from (a seeded series left empty is no sample).
  const drawn = series.filter((_, i) => (data[i]?.length ?? 0) > 0);
  if (drawn.some((s) => !isEiaSource(s.source))) notes.push(SAMPLE_NOTE);

  const periods = [...new Set(data.flatMap((rows) => rows.map((r) => r.period)))].sort();
  const byPeriod = data.map((rows) => new Map(rows.map((r) => [r.period, r.value])));
  const names = series.map((s) => s.name).join(', ');
  return {
    kind,
    title: kind === 'price' ? 'Price Analysis' : 'Custom Report',
    subtitle: `${names} · ${REPORT_RANGE_LABELS[query.range]} to ${formatAsOf(end)}`,
    notes,
    source:
      drawn.length > 0
        ? seriesSourceLine(drawn, formatAsOf(end, series.every((s) => s.frequency === 'monthly') ? 'monthly' : 'daily'))
        : 'No figures stored yet.',
    series: series.map((s) => ({ slug: s.slug, name: s.name })),
    chart: {
      type: query.chart ?? 'line',
      xType: 'datetime',
      series: chartSeries,
      yTitle: indexed ? 'Index (start of range = 100)' : ([...units][0] ?? ''),
      decimals: indexed ? 1 : Math.max(...series.map((s) => s.decimals)),
    },
    table: {
      columns: ['Date', ...series.map((s) => `${s.name} (${s.unit})`)],
      rows: periods.map((p) => [p, ...byPeriod.map((m) => m.get(p) ?? null)]),
      decimals: [null, ...series.map((s) => s.decimals)],
    },
    filename: `${kind === 'price' ? 'price-analysis' : 'custom-report'}-${query.series.join('-')}-${query.range}.csv`,
  };
}

/** Market Share: US generation by source over the latest month or the last 12. */
async function shareReport(query: ReportQuery<'share'>): Promise<Report> {
  const months = await recentGenerationMonths(query.period === 'latest' ? 1 : 12);
  if (months.length === 0) throw new NotFoundError(messages.noGenerationData);
  const rows = await listUsGeneration(months);
  const sum = (fuel: string) => rows.filter((r) => r.fuel === fuel).reduce((s, r) => s + r.value, 0);
  const total = sum('ALL');
  const entries = Object.entries(FUEL_LABELS).map(([fuel, label]) => ({ label, value: sum(fuel) }));
  const other = total - entries.reduce((s, e) => s + e.value, 0);
  if (other > total * 0.001) entries.push({ label: OTHER_FUEL.label, value: other });
  entries.sort((a, b) => b.value - a.value);
  const first = months.at(-1) ?? '';
  const last = months[0] ?? '';
  const when = months.length === 1 ? monthLabel(last) : `${monthLabel(first)} to ${monthLabel(last)}`;
  const renewables = RENEWABLE_FUELS.reduce((s, f) => s + sum(f), 0);
  const notes = [`Renewables (hydro, wind and solar) made ${round((renewables / total) * 100, 1)}% of US generation in ${when}.`];
  if (rows.some((r) => r.source === 'seed')) notes.push(SAMPLE_NOTE);
  return {
    kind: 'share',
    title: 'Market Share',
    subtitle: `US electricity generation by source · ${SHARE_PERIOD_LABELS[query.period]} (${when})`,
    notes,
    source: generationSourceLine(
      rows.some((r) => r.source === 'seed'),
      monthLabel(last),
    ),
    chart: {
      type: 'donut',
      xType: 'category',
      categories: entries.map((e) => e.label),
      series: [{ name: 'Share (%)', data: entries.map((e) => round((e.value / total) * 100, 1)) }],
      yTitle: 'Share (%)',
      decimals: 1,
      valueSuffix: '%',
    },
    table: {
      columns: ['Source', 'Generation (GWh)', 'Share (%)'],
      rows: entries.map((e) => [e.label, round(e.value, 0), round((e.value / total) * 100, 1)]),
      decimals: [null, 0, 1],
    },
    filename: `market-share-${query.period}.csv`,
  };
}

/** Regional Data: every state's generation in the latest month, its renewable share and largest source. */
async function regionalReport(query: ReportQuery<'regional'>): Promise<Report> {
  const month = await latestGenerationMonth();
  if (!month) throw new NotFoundError(messages.noGenerationData);
  const rows = await listGenerationOfMonth(month);
  const states = Object.entries(US_STATES).flatMap(([code, name]) => {
    const own = rows.filter((r) => r.location === code);
    const total = own.find((r) => r.fuel === 'ALL')?.value;
    if (total === undefined || total <= 0) return [];
    const fuels = own.filter((r) => r.fuel !== 'ALL');
    const renewables = fuels.filter((r) => (RENEWABLE_FUELS as readonly string[]).includes(r.fuel)).reduce((s, r) => s + r.value, 0);
    const top = fuels.sort((a, b) => b.value - a.value)[0];
    const largest =
      top && top.value >= total - fuels.reduce((s, r) => s + r.value, 0) ? FUEL_LABELS[top.fuel as keyof typeof FUEL_LABELS] : OTHER_FUEL.label;
    return [{ code, name, total, share: (renewables / total) * 100, largest: largest ?? OTHER_FUEL.label }];
  });
  const byGeneration = query.metric === 'generation';
  states.sort((a, b) => (byGeneration ? b.total - a.total : b.share - a.share));
  const top = states.slice(0, 15);
  const notes = [
    byGeneration
      ? `${top[0]?.name ?? ''} generated the most electricity in ${monthLabel(month)}; the chart shows the 15 largest states, the table all ${states.length}.`
      : `${top[0]?.name ?? ''} had the highest renewable share in ${monthLabel(month)}; the chart shows the top 15, the table all ${states.length}.`,
  ];
  if (rows.some((r) => r.source === 'seed')) notes.push(SAMPLE_NOTE);
  return {
    kind: 'regional',
    title: 'Regional Data',
    subtitle: `${REGIONAL_METRIC_LABELS[query.metric]} by state · ${monthLabel(month)}`,
    notes,
    source: generationSourceLine(
      rows.some((r) => r.source === 'seed'),
      monthLabel(month),
    ),
    chart: {
      type: 'bar',
      xType: 'category',
      horizontal: true,
      categories: top.map((s) => s.name),
      series: [
        byGeneration
          ? { name: 'Generation (GWh)', data: top.map((s) => round(s.total, 0)) }
          : { name: 'Renewable share (%)', data: top.map((s) => round(s.share, 1)) },
      ],
      yTitle: byGeneration ? 'Generation (GWh)' : 'Renewable share (%)',
      decimals: byGeneration ? 0 : 1,
      ...(byGeneration ? {} : { valueSuffix: '%' }),
    },
    table: {
      columns: ['State', 'Generation (GWh)', 'Renewable share (%)', 'Largest source'],
      rows: states.map((s) => [s.name, round(s.total, 0), round(s.share, 1), s.largest]),
      decimals: [null, 0, 1, null],
    },
    filename: `regional-${query.metric}-${month}.csv`,
  };
}

/** Builds a report from the stored data. */
export async function buildReport<K extends ReportKind>(kind: K, query: ReportQuery<K>): Promise<Report> {
  switch (kind) {
    case 'price':
      return priceReport('price', query as ReportQuery<'price'>);
    case 'custom':
      return priceReport('custom', query as ReportQuery<'custom'>);
    case 'share':
      return shareReport(query as ReportQuery<'share'>);
    default:
      return regionalReport(query as ReportQuery<'regional'>);
  }
}

/** The report's table as CSV (RFC 4180, CRLF line ends). */
export function reportCsv(report: Report): string {
  return tableCsv(report.table);
}

/**
 * A generated report for its embed (`/embed/reports/{kind}`): built from the stored series and
 * generation figures (so the daily import's `market` purge reaches it); undefined when its
 * series have no stored figures.
 */
export async function getReportEmbedData<K extends ReportKind>(kind: K, query: ReportQuery<K>): Promise<Report | undefined> {
  showsTags(tag.market);
  return reportIfStored(kind, query);
}

/** A report, or undefined when its series have no stored figures. */
export async function reportIfStored<K extends ReportKind>(kind: K, query: ReportQuery<K>): Promise<Report | undefined> {
  try {
    return await buildReport(kind, query);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
