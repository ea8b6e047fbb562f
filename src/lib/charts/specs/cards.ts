// Each dashboard card's chart, from the figures the cards get: the chart the server draws, its
// table (from the same numbers) and what it says about itself. The cards draw them (home,
// /analytics), a card's embed (`/embed/cards/{card}`) draws the same one alone. Isomorphic.
import { PRODUCTION_TREND, VOLATILITY_BY_WEEK, energyMixColors, type DashboardFigures } from '@/lib/dashboard';
import type { DashboardCard } from '@/lib/chart-embeds';
import type { ChartSpec } from '@/lib/charts/chart-spec';
import { FORECAST_COLOR, MEASURED_COLOR } from '@/lib/charts/specs/colors';
import { formatAsOf, formatNumber } from '@/lib/market-format';
import { chartFilename, type ChartMeta } from '@/lib/chart-meta';
import type { ChartTable } from '@/lib/chart-table';
import type { EnergyMixEntry } from '@/lib/wire/markets';

/** A card's chart: what the card and its embed draw. */
export interface CardChartSpec {
  label: string;
  title: string;
  source: string;
  chart: ChartSpec;
  table: ChartTable;
}

/** The height of a card's chart, on the card and in its embed. */
export const CARD_CHART_HEIGHT = 200;

/** Said as the source of the fixed example figures. */
export const EXAMPLE_SOURCE = 'Example figures for demonstration, not market data.';
const SPEC_UNIT = 'Barrels per day';
const EIA_UNIT = 'Million barrels per day';

/** "Nov 3": the Monday a week starts on. */
const weekLabel = (weekStart: string) => formatAsOf(weekStart).replace(/, \d{4}$/, '');

/** "Figures: a 1, b 2." of a chart's points, for its description. */
const listed = (points: readonly { x: string; y: number | null }[], decimals: number, suffix = '') =>
  points.map((p) => `${p.x} ${p.y === null ? 'no figure' : `${formatNumber(p.y, decimals)}${suffix}`}`).join(', ');

/** Price Analysis: WTI's weekly volatility, or the illustrative weekly bars without stored WTI history. */
export function volatilityCardChart(wti: DashboardFigures['wti']): CardChartSpec {
  const weeks = wti
    ? wti.weekly.map((w) => ({ label: weekLabel(w.weekStart), value: w.value }))
    : VOLATILITY_BY_WEEK.map((w) => ({ label: w.week, value: w.value }));
  const title = wti ? 'WTI volatility by week, annualized' : 'Illustrative price volatility by week';
  const source = wti ? wti.source : EXAMPLE_SOURCE;
  const points = weeks.map((w) => ({ x: w.label, y: w.value }));
  return {
    label: 'volatility',
    title,
    source,
    chart: {
      title,
      description: `${title}${wti ? ', weeks beginning' : ''}: ${listed(points, 1, '%')}.`,
      mark: 'bar',
      xType: 'category',
      series: [{ name: wti ? 'WTI volatility' : 'Illustrative volatility', color: FORECAST_COLOR, points }],
      yTitle: 'Volatility (%)',
      decimals: 1,
      valueSuffix: '%',
      source,
    },
    table: {
      columns: [wti ? 'Week beginning' : 'Week', 'Volatility (%)'],
      rows: wti ? wti.weekly.map((w) => [w.weekStart, w.value]) : weeks.map((w) => [w.label, w.value]),
      decimals: [null, 1],
    },
  };
}

/** Production: US crude oil production from EIA, or the fixed example trend until it is imported. */
export function productionCardChart(production: DashboardFigures['production']): CardChartSpec {
  if (!production) {
    const title = 'Illustrative production by month';
    const points = PRODUCTION_TREND.map((p) => ({ x: p.month, y: p.value }));
    return {
      label: 'production',
      title,
      source: EXAMPLE_SOURCE,
      chart: {
        title,
        description: `${title}, barrels per day: ${listed(points, 0)}.`,
        mark: 'bar',
        xType: 'category',
        series: [{ name: `Illustrative production (${SPEC_UNIT.toLowerCase()})`, color: MEASURED_COLOR, points }],
        yTitle: SPEC_UNIT,
        decimals: 0,
        source: EXAMPLE_SOURCE,
      },
      table: { columns: ['Month', SPEC_UNIT], rows: PRODUCTION_TREND.map((p) => [p.month, p.value]), decimals: [null, 0] },
    };
  }
  const { months, source } = production;
  const title = 'US crude oil production by month';
  const first = months[0];
  const last = months.at(-1);
  return {
    label: 'production',
    title,
    source,
    chart: {
      title,
      description:
        first && last
          ? `${title}, ${formatAsOf(first.period, 'monthly')} to ${formatAsOf(last.period, 'monthly')}: from ${formatNumber(first.value, 2)} to ${formatNumber(last.value, 2)} million barrels per day.`
          : `${title}: no months stored.`,
      // A line fitted to its range: production moves by a few percent, which an area from zero would flatten.
      mark: 'line',
      xType: 'time',
      series: [{ name: `Production (${EIA_UNIT.toLowerCase()})`, color: MEASURED_COLOR, points: months.map((m) => ({ x: m.period, y: m.value })) }],
      yTitle: EIA_UNIT,
      decimals: 2,
      source,
    },
    table: { columns: ['Month', EIA_UNIT], rows: months.map((m) => [m.period, m.value]), decimals: [null, 2], dates: 'month' },
  };
}

/** Energy Mix: US electricity generation by source, as shares, each source in its fuel's color. */
export function energyMixCardChart(energyMix: readonly EnergyMixEntry[], figures: DashboardFigures): CardChartSpec {
  const title = 'US electricity generation by source';
  const colors = energyMixColors([...energyMix]);
  return {
    label: 'energy-mix',
    title,
    source: figures.energyMix.source,
    chart: {
      title,
      description: `${title}: ${energyMix.map((m) => `${m.source} ${formatNumber(m.percentage, 1)}%`).join(', ')}.`,
      mark: 'donut',
      xType: 'category',
      series: energyMix.map((m, i) => ({ name: m.source, color: colors[i] ?? '', points: [{ x: m.source, y: m.percentage }] })),
      yTitle: 'Share (%)',
      decimals: 1,
      valueSuffix: '%',
      source: figures.energyMix.source,
    },
    table: { columns: ['Source', 'Share (%)'], rows: energyMix.map((m) => [m.source, m.percentage]), decimals: [null, 1] },
  };
}

/** The chart of one card, by its embed's name. */
export function dashboardCardChart(card: DashboardCard, energyMix: readonly EnergyMixEntry[], figures: DashboardFigures): CardChartSpec {
  if (card === 'volatility') return volatilityCardChart(figures.wti);
  if (card === 'production') return productionCardChart(figures.production);
  return energyMixCardChart(energyMix, figures);
}

/** What a card's chart says about itself (`permalink`: the page the card is on; `embed`: its embed page's address). */
export function cardChartMeta(spec: CardChartSpec, permalink: string, embed?: string): ChartMeta {
  return { title: spec.title, source: spec.source, permalink, embed, filename: chartFilename(spec.title) };
}
