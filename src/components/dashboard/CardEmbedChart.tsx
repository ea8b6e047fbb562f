import { ChartFigure } from '@/components/charts/ChartFigure';
import { CARD_CHART_HEIGHT, dashboardCardChart } from '@/lib/charts/specs/cards';
import { cardChartProps, EnergyMixLegend } from '@/components/dashboard/parts';
import type { DashboardCard } from '@/lib/chart-embeds';
import type { ChartMeta } from '@/lib/chart-meta';
import type { DashboardFigures } from '@/lib/dashboard';
import type { EnergyMixEntry } from '@/lib/wire/markets';

/** A dashboard card's chart alone, on its embed page: the island makes the chart from the card's plain figures. */
export function CardEmbedChart({
  card,
  energyMix,
  figures,
  meta,
}: {
  card: DashboardCard;
  energyMix: EnergyMixEntry[];
  figures: DashboardFigures;
  meta: ChartMeta;
}) {
  const spec = dashboardCardChart(card, energyMix, figures);
  return (
    <ChartFigure
      label={spec.label}
      heading="none"
      mode="embed"
      height={CARD_CHART_HEIGHT}
      chart={cardChartProps(spec)}
      table={spec.table}
      meta={meta}
      footer={card === 'energy-mix' && <EnergyMixLegend energyMix={energyMix} />}
    />
  );
}
