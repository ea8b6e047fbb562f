import { CADENCE_LABELS, CHANGE_TONES, formatAsOf, marketDataSourceNote, quoteParts, type ChangeType, type Frequency } from '@/lib/market-format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';

/** What a market figure shows: every card, strip item and list row says the same things in the same order. */
export interface MarketFigureData {
  slug: string;
  name: string;
  /** The value as text in its display unit ("$72.50", "13.05"), and that unit ("$/bbl", "million b/d"). */
  value: string;
  unit: string;
  /** The change as text ("−1.60%"), absent when there is no earlier observation. */
  change?: string | undefined;
  changeType: ChangeType;
  /** What the change is measured against: "vs previous day". */
  changePeriod: string;
  frequency: Frequency;
  /** The latest observation's period. */
  asOf: string;
  stale: boolean;
  /** Where the figures come from: "Source: U.S. EIA, series RWTC", or a sample's note. */
  source: string;
}

/** `strip`: the home page's row of prices; `list`: a side column; `card`: the grids of /analytics and /markets. */
export type MarketFigureVariant = 'strip' | 'list' | 'card';

/** Marks a series whose latest figure is older than its cadence and EIA's lag allow; `detail` says by how much. */
export function StaleBadge({ detail }: { detail?: string | undefined }) {
  return (
    <Badge variant="warning" className="px-1.5 py-0 align-baseline">
      {detail ? `Stale: ${detail}` : 'Stale'}
    </Badge>
  );
}

const ITEM: Record<MarketFigureVariant, string> = {
  // Five rows of the list's grid (a subgrid), so the rows of items side by side line up whatever wraps.
  strip: 'row-span-5 grid grid-rows-subgrid content-start pb-3',
  list: 'grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-2.5',
  card: 'bg-card row-span-5 grid grid-rows-subgrid content-start gap-y-1 rounded-lg border p-4 shadow-sm',
};
const NAME: Record<MarketFigureVariant, string> = {
  strip: 'text-muted-foreground text-xs font-medium',
  list: 'text-sm font-medium',
  card: 'text-base font-semibold',
};
const VALUE: Record<MarketFigureVariant, string> = {
  strip: 'text-sm font-semibold',
  list: 'text-right text-sm font-semibold',
  card: 'text-2xl font-bold',
};
const FULL_ROW: Record<MarketFigureVariant, string> = { strip: '', list: 'col-span-2', card: '' };

/** One market figure: name linked to its series page, value, change and its period, cadence with as-of date, source. */
export function MarketFigure({ item, variant, headingLevel }: { item: MarketFigureData; variant: MarketFigureVariant; headingLevel?: 'h2' | 'h3' }) {
  const quote = quoteParts(item.value, item.unit);
  const Name = headingLevel ?? 'p';
  const row = FULL_ROW[variant];
  return (
    <li className={ITEM[variant]} data-figure={item.slug}>
      <Name className={cn('min-w-0', NAME[variant])}>
        <a href={`/markets/${item.slug}`} className="hover:underline">
          {item.name}
        </a>
      </Name>
      <p className={cn('whitespace-nowrap tabular-nums', VALUE[variant])}>
        {quote.value}
        <span className={cn('text-muted-foreground font-normal', variant === 'card' ? 'text-sm' : 'text-xs')}>{quote.unit}</span>
      </p>
      <p className={cn('text-xs', row)}>
        {item.change && (
          <>
            <span className={cn('font-semibold whitespace-nowrap tabular-nums', CHANGE_TONES[item.changeType])}>{item.change}</span>{' '}
            <span className="text-muted-foreground whitespace-nowrap">{item.changePeriod}</span>
          </>
        )}
      </p>
      <p className={cn('text-muted-foreground text-xs', row)}>
        {`${CADENCE_LABELS[item.frequency]}, as of `}
        <time dateTime={item.asOf} className="whitespace-nowrap">
          {formatAsOf(item.asOf, item.frequency)}
        </time>
        {item.stale && (
          <>
            {' '}
            <StaleBadge />
          </>
        )}
      </p>
      <p className={cn('text-muted-foreground text-[11px] leading-tight', row)}>{item.source}</p>
    </li>
  );
}

const LIST: Record<MarketFigureVariant, string> = {
  strip: 'grid grid-cols-2 gap-x-4 sm:grid-cols-3 lg:grid-cols-5',
  list: 'divide-y',
  card: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-5',
};

/**
 * Market figures in one of the site's three layouts, with the line saying where they come
 * from under them. Rendered on the server where no island needs it (no JavaScript is sent).
 */
export function MarketFigures({
  items,
  variant,
  className,
}: {
  items: readonly (MarketFigureData & { sample: boolean; series?: string | undefined })[];
  variant: MarketFigureVariant;
  className?: string;
}) {
  return (
    <div className={className}>
      <ul className={LIST[variant]}>
        {items.map((item) => (
          <MarketFigure key={item.slug} item={item} variant={variant} />
        ))}
      </ul>
      <p className="text-muted-foreground mt-2 text-xs">{marketDataSourceNote(items)}</p>
    </div>
  );
}
