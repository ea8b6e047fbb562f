// A data desk chart (a grid region's week, a state's prices) as a chart card: the chart the
// page draws, with its first series' latest figure, its date and its unit. What a link preview
// of a grid or state page and a data alert's chart show; each domain makes its own cards
// (src/server/services/grid/grid-card.ts, src/server/services/states/state-card.ts).
import { dataChartSpec, type DataChartSpec } from '@/lib/charts/specs/data-desk';
import { formatNumber } from '@/lib/market-format';
import type { ChartCard } from '@/server/charts/chart-card';

/** A data desk chart's card: its chart, and the latest figure of its first series ("412.3 GW", "as of Tue, Jul 14, 4 PM CT (5 PM ET)"). */
export function dataChartCard(spec: DataChartSpec): ChartCard {
  const latest = spec.series[0]?.values.findLast((v) => v !== null);
  return {
    spec: dataChartSpec(spec),
    figure:
      latest === undefined || latest === null
        ? undefined
        : { value: `${formatNumber(latest, spec.decimals)} ${spec.unit}`, label: spec.asOfText ? `as of ${spec.asOfText}` : '' },
  };
}
