import { useId } from 'react';
import { renewableShare, type DashboardFigures } from '@/lib/dashboard';
import { formatNumber } from '@/lib/market-format';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';
import { cardEmbedPath } from '@/lib/chart-embeds';
import { CARD_CHART_HEIGHT, energyMixCardChart } from '@/lib/charts/specs/cards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PriceAnalysisCard } from '@/components/dashboard/PriceAnalysisCard';
import { ProductionCard } from '@/components/dashboard/ProductionCard';
import { CardChart, EnergyMixLegend } from '@/components/dashboard/parts';

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
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      <PriceAnalysisCard wti={figures.wti} headingLevel={headingLevel} height={CARD_CHART_HEIGHT} permalink={permalink} />
      <ProductionCard production={figures.production} headingLevel={headingLevel} height={CARD_CHART_HEIGHT} permalink={permalink} />
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
            spec={energyMixCardChart(energyMix, figures)}
            height={CARD_CHART_HEIGHT}
            permalink={permalink}
            embed={cardEmbedPath('energy-mix')}
          />
          <EnergyMixLegend energyMix={energyMix} />
        </CardContent>
      </Card>
    </div>
  );
}
