// Each dashboard card's chart, from the figures the cards get: its ApexCharts props, its table
// (from the same numbers) and what it says about itself. The cards draw them, and a card's
// embed (`/embed/cards/{card}`) draws the same one alone. Isomorphic (no server code).
import { PRODUCTION_TREND, VOLATILITY_BY_WEEK, energyMixColors, type DashboardFigures } from '@/lib/dashboard';
import type { DashboardCard } from '@/lib/chart-embeds';
import { formatAsOf } from '@/lib/market-format';
import { chartFilename, type ChartMeta } from '@/lib/chart-meta';
import type { ChartTable } from '@/lib/chart-table';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { energyMixChartProps, productionChartProps, volatilityChartProps, type ChartProps } from '@/components/charts/chart-options';

/** A card's chart: what `CardChart` draws. */
export interface CardChartSpec {
  label: string;
  title: string;
  source: string;
  chart: ChartProps;
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

/** "Aug ’26": a month on the chart's axis (the table says it in full). */
const shortMonth = (period: string) => {
  const [month = '', year = ''] = formatAsOf(period, 'monthly').split(' ');
  return `${month.slice(0, 3)} ’${year.slice(2)}`;
};

/** Price Analysis: WTI's weekly volatility, or the illustrative weekly bars without stored WTI history. */
export function volatilityCardChart(wti: DashboardFigures['wti']): CardChartSpec {
  const weeks = wti
    ? wti.weekly.map((w) => ({ label: weekLabel(w.weekStart), value: w.value }))
    : VOLATILITY_BY_WEEK.map((w) => ({ label: w.week, value: w.value }));
  return {
    label: 'volatility',
    title: wti ? 'WTI volatility by week, annualized' : 'Illustrative price volatility by week',
    source: wti ? wti.source : EXAMPLE_SOURCE,
    chart: wti ? volatilityChartProps(weeks, 'WTI volatility (%)', 'Week beginning') : volatilityChartProps(weeks, 'Illustrative volatility (%)'),
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
    return {
      label: 'production',
      title: 'Illustrative production by month',
      source: EXAMPLE_SOURCE,
      chart: productionChartProps(
        PRODUCTION_TREND.map((p) => ({ label: p.month, value: p.value })),
        SPEC_UNIT,
        0,
      ),
      table: { columns: ['Month', SPEC_UNIT], rows: PRODUCTION_TREND.map((p) => [p.month, p.value]), decimals: [null, 0] },
    };
  }
  const { months, source } = production;
  return {
    label: 'production',
    title: 'US crude oil production by month',
    source,
    chart: productionChartProps(
      months.map((m) => ({ label: shortMonth(m.period), value: m.value })),
      EIA_UNIT,
      2,
    ),
    table: { columns: ['Month', EIA_UNIT], rows: months.map((m) => [m.period, m.value]), decimals: [null, 2], dates: 'month' },
  };
}

/** Energy Mix: US electricity generation by source, as shares. */
export function energyMixCardChart(energyMix: readonly EnergyMixEntry[], figures: DashboardFigures): CardChartSpec {
  return {
    label: 'energy-mix',
    title: 'US electricity generation by source',
    source: figures.energyMix.source,
    chart: energyMixChartProps(energyMix, energyMixColors([...energyMix])),
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
