import { useId, type ReactNode } from 'react';
import { PRODUCTION_TREND, type DashboardFigures } from '@/lib/dashboard';
import { formatAsOf, formatNumber } from '@/lib/market-format';
import { cardEmbedPath } from '@/lib/chart-embeds';
import { productionCardChart } from '@/lib/charts/specs/cards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardChart, IllustrativeFigures } from '@/components/dashboard/parts';

/** The fixed example production trend: illustrative, so labeled as such wherever it is shown. */
function IllustrativeTrend({ chart, height, permalink }: { chart: boolean; height: number; permalink?: string | undefined }) {
  return (
    <IllustrativeFigures>
      <p className="text-base">{PRODUCTION_TREND.at(-1)?.value.toLocaleString('en-US')} bbl/d</p>
      <p className="text-muted-foreground text-sm">June, up from {PRODUCTION_TREND[0].value.toLocaleString('en-US')} in January</p>
      {chart ? (
        <CardChart spec={productionCardChart(undefined)} height={height} permalink={permalink} embed={cardEmbedPath('production')} />
      ) : (
        <p className="text-muted-foreground text-xs">
          Trend, barrels per day: {PRODUCTION_TREND.map((p) => `${p.month} ${p.value.toLocaleString('en-US')}`).join(', ')}
        </p>
      )}
    </IllustrativeFigures>
  );
}

/** The card's frame: its title, which names the group, and what it shows. */
function ProductionFrame({ headingLevel, description, children }: { headingLevel: 'h2' | 'h3'; description: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as={headingLevel} id={titleId}>
          Production
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Production: US crude oil field production from EIA once it is imported; until then the
 * fixed example trend, labeled as such (nothing stands in for the real series).
 */
export function ProductionCard({
  production,
  headingLevel,
  height,
  permalink,
}: {
  production: DashboardFigures['production'];
  headingLevel: 'h2' | 'h3';
  height: number;
  permalink?: string | undefined;
}) {
  if (!production) {
    return (
      <ProductionFrame headingLevel={headingLevel} description="Crude production trend, barrels per day">
        <IllustrativeTrend chart height={height} permalink={permalink} />
        <p className="text-muted-foreground mt-2 text-xs">US crude oil production from EIA appears here once the editors import it.</p>
      </ProductionFrame>
    );
  }
  const { months } = production;
  const first = months[0];
  const last = months.at(-1);
  return (
    <ProductionFrame headingLevel={headingLevel} description="US crude oil field production, monthly, million barrels per day">
      {last && <p className="text-2xl font-bold">{formatNumber(last.value, 2)} million b/d</p>}
      {first && last && (
        <p className="text-muted-foreground text-sm">
          {formatAsOf(last.period, 'monthly')}, from {formatNumber(first.value, 2)} in {formatAsOf(first.period, 'monthly')}
        </p>
      )}
      <CardChart spec={productionCardChart(production)} height={height} permalink={permalink} embed={cardEmbedPath('production')} />
      <a className="text-primary mt-1 inline-block text-xs underline-offset-2 hover:underline" href="/markets/crude-production">
        Full monthly production history and downloads
      </a>
      <IllustrativeTrend chart={false} height={height} />
    </ProductionFrame>
  );
}
