import { useId } from 'react';
import { PRICE_CHANGE_TEXT, VOLATILITY_BY_WEEK, VOLATILITY_TEXT, type DashboardFigures } from '@/lib/dashboard';
import { changeTone, formatNumber, formatPercentChange } from '@/lib/market-format';
import { cn } from '@/lib/utils';
import { cardEmbedPath } from '@/lib/chart-embeds';
import { volatilityCardChart } from '@/lib/charts/specs/cards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardChart, IllustrativeFigures } from '@/components/dashboard/parts';

/**
 * Price Analysis: WTI's change over three months and its realized volatility, computed from
 * the stored series, and the fixed example figures beside them. Without stored WTI
 * history the chart shows the illustrative weekly bars.
 */
export function PriceAnalysisCard({
  wti,
  headingLevel,
  height,
  permalink,
}: {
  wti: DashboardFigures['wti'];
  headingLevel: 'h2' | 'h3';
  height: number;
  permalink?: string | undefined;
}) {
  const titleId = useId();
  const chartBlock = <CardChart spec={volatilityCardChart(wti)} height={height} permalink={permalink} embed={cardEmbedPath('volatility')} />;
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as={headingLevel} id={titleId}>
          Price Analysis
        </CardTitle>
        <CardDescription>Weekly crude price volatility</CardDescription>
      </CardHeader>
      <CardContent>
        {wti && (
          <>
            {wti.quarterChange === undefined ? (
              <p className="text-2xl font-bold">WTI ${formatNumber(wti.latest.value, 2)}</p>
            ) : (
              <p className={cn('text-2xl font-bold', changeTone(wti.quarterChange))}>WTI {formatPercentChange(wti.quarterChange, 1)} over 3 months</p>
            )}
            <p className="text-muted-foreground text-sm">WTI 30-day volatility: {formatNumber(wti.volatility30d, 1)}%</p>
            {chartBlock}
            <a className="text-primary mt-1 inline-block text-xs underline-offset-2 hover:underline" href="/markets/wti">
              Full daily WTI history and downloads
            </a>
            <p className="text-muted-foreground mt-1 text-xs">
              Volatility is annualized: the standard deviation of daily log returns (the last 30 for the 30-day figure, each week&apos;s for the bars)
              times √252.
            </p>
          </>
        )}
        <IllustrativeFigures>
          <p className="text-base">{PRICE_CHANGE_TEXT}</p>
          <p className="text-sm">{VOLATILITY_TEXT}</p>
          {wti ? (
            <p className="text-muted-foreground text-xs">
              Weekly volatility: {VOLATILITY_BY_WEEK.map((w) => `${w.week} ${formatNumber(w.value, 1)}%`).join(', ')}
            </p>
          ) : (
            chartBlock
          )}
        </IllustrativeFigures>
      </CardContent>
    </Card>
  );
}
