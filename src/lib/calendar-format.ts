import { formatAsOf, formatSeriesChange, formatSeriesValue } from '@/lib/market-format';
import { addDays, weekday } from '@/lib/zoned-time';

/** What the calendar needs of a headline figure. */
export interface HeadlineLike {
  seriesName: string;
  value: number;
  unit: string;
  decimals: number;
  period: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  /** Change from the observation before, when there is one. */
  change?: number;
}

/** "US crude oil inventories 430.12 million bbl (+1.20), week of Nov 14, 2026". */
export function formatHeadline(figure: HeadlineLike): string {
  const change = figure.change === undefined ? '' : ` (${formatSeriesChange(figure.change, null, figure)})`;
  const when =
    figure.frequency === 'monthly'
      ? formatAsOf(figure.period, 'monthly')
      : `${figure.frequency === 'weekly' ? 'week of ' : ''}${formatAsOf(figure.period)}`;
  return `${figure.seriesName} ${formatSeriesValue(figure.value, figure)}${change}, ${when}`;
}

/** Groups time-ordered items by the week (Monday) of their `day`, keeping the order. */
export function groupByWeek<T extends { day: string }>(items: readonly T[]): { monday: string; items: T[] }[] {
  const groups: { monday: string; items: T[] }[] = [];
  for (const item of items) {
    const monday = addDays(item.day, -((weekday(item.day) + 6) % 7));
    const last = groups.at(-1);
    if (last?.monday === monday) last.items.push(item);
    else groups.push({ monday, items: [item] });
  }
  return groups;
}

const dayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayLabel = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Wed, Nov 25" of a `YYYY-MM-DD` day. */
export function formatCalendarDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

/** "November 23, 2026" of a `YYYY-MM-DD` day. */
export function formatLongCalendarDay(day: string): string {
  return longDayLabel.format(new Date(`${day}T00:00:00Z`));
}

/** "10:30 AM" of an `HH:MM` wall clock. */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Wed, Nov 25, 2026, 10:30 AM ET" of a `YYYY-MM-DDTHH:MM` US Eastern wall-clock time (the admin's calendar lists). */
export function formatEasternTime(local: string): string {
  const [day = '', time = ''] = local.split('T');
  return `${formatCalendarDay(day)}, ${day.slice(0, 4)}, ${formatClock(time)} ET`;
}
