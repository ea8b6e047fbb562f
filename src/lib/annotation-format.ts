import { formatAsOf } from '@/lib/market-format';

/** The day or span an annotation marks, as readers read it: "Nov 25, 2026", "Nov 3, 2026 to Nov 9, 2026". */
export function formatAnnotationDays(from: string, to: string | null | undefined): string {
  return to ? `${formatAsOf(from, 'daily')} to ${formatAsOf(to, 'daily')}` : formatAsOf(from, 'daily');
}
