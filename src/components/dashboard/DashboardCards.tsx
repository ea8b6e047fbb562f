import { useId } from 'react';
import { energyMixColors, renewableShare, type DashboardFigures } from '@/lib/dashboard';
import { formatNumber } from '@/lib/market-format';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';
import { energyMixChartProps } from '@/components/charts/chart-options';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PriceAnalysisCard } from '@/components/dashboard/PriceAnalysisCard';
import { ProductionCard } from '@/components/dashboard/ProductionCard';
import { CardChart } from '@/components/dashboard/parts';

const CHART_HEIGHT = 200;

interface DashboardCardsProps {
  energyMix: EnergyMixEntry[];
  figures: DashboardFigures;
  headingLevel?: 'h2' | 'h3';
  /** The page the cards are on (their charts' permalink): `/` or `/analytics`. */
  permalink?: string;
}

/** The three dashboard cards of the home and analytics pages. */
export default function DashboardCards({ energyMix, figures, headingLevel = 'h3', permalink = '/' }: DashboardCardsProps) {
  const titleId = useId();
  const share = renewableShare(energyMix);
  const colors = energyMixColors(energyMix);
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <PriceAnalysisCard wti={figures.wti} headingLevel={headingLevel} height={CHART_HEIGHT} permalink={permalink} />
      <ProductionCard production={figures.production} headingLevel={headingLevel} height={CHART_HEIGHT} permalink={permalink} />
      <Card role="group" aria-labelledby={titleId} className="md:col-span-2 lg:col-span-1">
        <CardHeader>
          <CardTitle as={headingLevel} id={titleId}>
            Energy Mix
          </CardTitle>
          <CardDescription>US electricity generation by source</CardDescription>
        </CardHeader>
        <CardContent>
          {figures.energyMix.illustrative && <IllustrativeBadge className="mb-2" />}
          <p className="text-positive text-2xl font-bold">{formatNumber(share, 1)}% renewable</p>
          <p className="text-muted-foreground text-sm">Share of generation from renewable sources</p>
          <CardChart
            label="energy-mix"
            title="US electricity generation by source"
            source={figures.energyMix.source}
            chart={energyMixChartProps(energyMix, colors)}
            table={{ columns: ['Source', 'Share (%)'], rows: energyMix.map((m) => [m.source, m.percentage]), decimals: [null, 1] }}
            height={CHART_HEIGHT}
            permalink={permalink}
          />
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label="Generation mix">
            {energyMix.map((m, i) => (
              <li key={m.source} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: colors[i] }} />
                <span className="flex-1">{m.source}</span>
                <span className="font-medium tabular-nums">{formatNumber(m.percentage, 1)}%</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
