// A state page's charts, as data: its monthly price of a sector against the US average, and its
// monthly net generation by fuel (its page, its embed, its chart address `/charts/states/{CODE}`).
import type { RetailSectorSlug } from '@db/catalog/states';
import { MEASURED_COLOR, REFERENCE_COLOR } from '@/lib/charts/specs/colors';
import type { DataChartSpec } from '@/lib/charts/specs/data-desk';
import { OTHER_FUEL } from '@db/catalog/fuels';
import { MONTHLY_FUELS } from '@/lib/energy';
import { generationSourceLine } from '@/lib/market-format';
import { formatMonth, PRICE_UNIT, retailSector } from '@/lib/state-format';
import type { StateChartView } from '@/lib/data-desk-views';
import type { StateHistory, StatesOverview } from '@/lib/wire/states';

/** A state's monthly generation by EIA fuel id (ALL is every fuel), thousand MWh. */
export interface GenerationMonth {
  period: string;
  fuels: Record<string, number>;
}

/** What both charts of a state share: its months as the x axis (their first days; long names for the table), 300 px high, as of the latest month. */
function monthlyAxis(months: readonly { period: string }[]) {
  const last = months.at(-1)?.period ?? '';
  return {
    asOfText: last ? formatMonth(last) : '',
    height: 300,
    x: { kind: 'monthly' as const, months: months.map((m) => `${m.period}-01`) },
    labels: months.map((m) => formatMonth(m.period)),
  };
}

/** The state's price of `sector` against the US average, month by month. */
export function priceChart(history: StateHistory, sector: RetailSectorSlug): DataChartSpec {
  const { state, months } = history;
  const label = retailSector(sector).label;
  return {
    id: `state-${state.code.toLowerCase()}-price-${sector}`,
    title: `${state.name}: ${label.toLowerCase()} electricity price against the US average`,
    unit: PRICE_UNIT,
    source: history.source.text,
    type: 'line',
    decimals: 2,
    ...monthlyAxis(months),
    series: [
      { name: state.name, color: MEASURED_COLOR, values: months.map((m) => m.prices[sector]) },
      { name: 'US average', color: REFERENCE_COLOR, dashed: true, values: months.map((m) => m.us[sector]) },
    ],
  };
}

/** The state's net generation by fuel, month by month, stacked; what the listed fuels leave is Other. */
export function generationChart(state: { code: string; name: string }, months: readonly GenerationMonth[], sample: boolean): DataChartSpec {
  const fuels = MONTHLY_FUELS.filter((f) => months.some((m) => (m.fuels[f.code] ?? 0) > 0));
  const other = months.map((m) => {
    const total = m.fuels['ALL'];
    if (total === undefined) return null;
    return Math.max(0, Math.round((total - fuels.reduce((sum, f) => sum + (m.fuels[f.code] ?? 0), 0)) * 10) / 10);
  });
  const last = months.at(-1)?.period ?? '';
  return {
    id: `state-${state.code.toLowerCase()}-generation-by-fuel`,
    title: `${state.name}: net generation by fuel`,
    unit: 'thousand MWh',
    source: generationSourceLine(sample, last ? formatMonth(last) : '').replace(/, as of .*$/, '.'),
    type: 'stacked-area',
    decimals: 0,
    ...monthlyAxis(months),
    series: [
      ...fuels.map((f) => ({ name: f.label, color: f.color, values: months.map((m) => m.fuels[f.code] ?? null) })),
      { name: OTHER_FUEL.label, color: OTHER_FUEL.color, values: other },
    ],
  };
}

/** What a state's charts draw (the service's `StateCharts`). */
export interface StateChartData {
  state: { code: string; name: string };
  overview: Pick<StatesOverview, 'month' | 'states'>;
  history: StateHistory;
  generation: { months: readonly GenerationMonth[]; ranks: { sample: boolean } | undefined };
}

/** A state's chart by its view, as its page and its embed draw it, with the note to read it by. */
export function stateChart(data: StateChartData, view: StateChartView): { spec: DataChartSpec; note: string } {
  if (view.chart === 'generation') {
    return {
      spec: generationChart(data.state, data.generation.months, data.generation.ranks?.sample ?? true),
      note: 'Net generation of all sectors, monthly, in thousand megawatthours (GWh).',
    };
  }
  const priced = data.overview.states.filter((s) => s.prices[view.sector] !== null).length;
  const first = data.history.months[0]?.period ?? data.overview.month;
  return {
    spec: priceChart(data.history, view.sector),
    note: `Monthly, ${formatMonth(first)} to ${formatMonth(data.overview.month)}. ${priced} states priced.`,
  };
}
