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
import type { CellRevision } from '@/lib/chart-table';
import type { FigureRevision } from '@/lib/wire/data-desk';
import type { StateHistory, StatesOverview } from '@/lib/wire/states';

/** A state's monthly generation by EIA fuel id (ALL is every fuel), thousand MWh. */
export interface GenerationMonth {
  period: string;
  fuels: Record<string, number>;
}

/** Each month's revised figures by period (`prices.residential`, `generation.NG`), from a state's history. */
export type StateRevisions = ReadonlyMap<string, Record<string, FigureRevision>>;

/** Each month's revision of one figure (`prices.residential`), as the table marks it; null where EIA did not revise it. */
const revisionsOf = (months: readonly { period: string }[], revised: StateRevisions | undefined, place: string): (CellRevision | null)[] =>
  months.map((m) => revised?.get(m.period)?.[place] ?? null);

/** The revised months of a state's history, by period. */
const revisedMonths = (history: StateHistory): StateRevisions =>
  new Map(history.months.flatMap((m) => (m.revised ? [[m.period, m.revised] as const] : [])));

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
  const revised = revisedMonths(history);
  return {
    id: `state-${state.code.toLowerCase()}-price-${sector}`,
    title: `${state.name}: ${label.toLowerCase()} electricity price against the US average`,
    unit: PRICE_UNIT,
    source: history.source.text,
    type: 'line',
    decimals: 2,
    ...monthlyAxis(months),
    series: [
      {
        name: state.name,
        color: MEASURED_COLOR,
        values: months.map((m) => m.prices[sector]),
        revisions: revisionsOf(months, revised, `prices.${sector}`),
      },
      {
        name: 'US average',
        color: REFERENCE_COLOR,
        dashed: true,
        values: months.map((m) => m.us[sector]),
        revisions: revisionsOf(months, revised, `us.${sector}`),
      },
    ],
  };
}

/** The state's net generation by fuel, month by month, stacked; what the listed fuels leave is Other. */
export function generationChart(
  state: { code: string; name: string },
  months: readonly GenerationMonth[],
  sample: boolean,
  revised?: StateRevisions,
): DataChartSpec {
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
      ...fuels.map((f) => ({
        name: f.label,
        color: f.color,
        values: months.map((m) => m.fuels[f.code] ?? null),
        revisions: revisionsOf(months, revised, `generation.${f.code}`),
      })),
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
      spec: generationChart(data.state, data.generation.months, data.generation.ranks?.sample ?? true, revisedMonths(data.history)),
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
