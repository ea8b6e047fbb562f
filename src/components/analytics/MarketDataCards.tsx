import { formatAsOf, marketDataSourceNote, quoteParts } from '@/lib/market-format';
import type { MarketDataItem } from '@/lib/wire/markets';
import { cn } from '@/lib/utils';
import { ChartSource } from '@/components/charts/ChartSource';

// Said here rather than imported from the series catalog, so this island's bundle stays without it.
const CADENCE = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;
const changeClass = { positive: 'text-positive', negative: 'text-negative', neutral: 'text-muted-foreground' } as const;

/** Market data cards: name, value with its unit, change against the previous observation and its date. */
export function MarketDataCards({ items }: { items: MarketDataItem[] }) {
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {items.map((item) => {
          const quote = quoteParts(item.value, item.unit);
          return (
            <li key={item.id} className="bg-card rounded-lg border p-4 shadow-sm">
              <p className="text-muted-foreground text-sm font-medium">
                <a href={`/markets/${item.slug}`} className="hover:underline">
                  {item.name}
                </a>
              </p>
              <p className="mt-1 text-2xl font-bold tabular-nums">
                {quote.value}
                <span className="text-muted-foreground text-sm font-normal">{quote.unit}</span>
              </p>
              <p className="mt-1 flex items-center justify-between gap-2 text-xs">
                {item.change ? (
                  <span className={cn('font-semibold tabular-nums', changeClass[item.changeType])}>
                    {item.change} <span className="text-muted-foreground font-normal">{item.changePeriod}</span>
                  </span>
                ) : (
                  <span />
                )}
              </p>
              <p className="text-muted-foreground mt-1 text-xs">
                {CADENCE[item.frequency]}, as of {formatAsOf(item.asOf, item.frequency)}
                {item.stale && <span className="ml-1 rounded bg-amber-100 px-1 font-semibold text-amber-900">Stale</span>}
              </p>
              <p className="text-muted-foreground mt-1 text-[11px] leading-tight">{item.source}</p>
            </li>
          );
        })}
      </ul>
      <ChartSource>{marketDataSourceNote(items)}</ChartSource>
    </>
  );
}
