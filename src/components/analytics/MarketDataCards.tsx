import { formatPeriod, marketDataSourceNote } from '@/lib/format';
import type { MarketDataItem } from '@/lib/types';
import { cn } from '@/lib/utils';

const changeClass = { positive: 'text-positive', negative: 'text-negative', neutral: 'text-muted-foreground' } as const;

/** Market data cards: name, value with unit, change against the previous observation. */
export function MarketDataCards({ items }: { items: MarketDataItem[] }) {
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {items.map((item) => (
          <li key={item.id} className="bg-card rounded-lg border p-4 shadow-sm">
            <p className="text-muted-foreground text-sm font-medium">{item.name}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums">
              {item.value} <span className="text-muted-foreground text-sm font-normal">{item.unit}</span>
            </p>
            <p className="mt-1 flex items-center justify-between text-xs">
              {item.change ? <span className={cn('font-semibold tabular-nums', changeClass[item.changeType])}>{item.change}</span> : <span />}
              <span className="text-muted-foreground">{formatPeriod(item.asOf)}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground mt-2 text-xs">{marketDataSourceNote(items)}</p>
    </>
  );
}
