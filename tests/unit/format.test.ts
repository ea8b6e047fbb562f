import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatMarketValue, formatPercentChange, formatPeriod, isPeriod } from '@/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';

describe('date formats', () => {
  it('writes the article date as month name, day and year', () => {
    expect(formatLongDate('2025-03-05T15:00:00Z')).toBe('March 5, 2025');
  });

  it('writes comment times in US locale with hour and minute', () => {
    expect(formatDateTime('2025-03-05T19:07:00Z')).toBe('March 5, 2025 at 2:07 PM');
  });

  it('writes an ISO day or month (a market period, a report row) as readers say it', () => {
    expect(formatPeriod('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatPeriod('2026-09')).toBe('September 2026');
    expect(['2026-11-21', '2026-09', 'Texas', '2026-11-21T10:00', '12'].map(isPeriod)).toEqual([true, true, false, false, false]);
  });

  it('writes publish times relative to now with an ago suffix', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(formatRelativeTime('2025-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('2025-03-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2025-03-10T11:59:30Z', now)).toBe('just now');
  });
});

describe('market formats', () => {
  it('puts the currency sign where readers expect it', () => {
    expect(formatMarketValue(71.4, '$/bbl', 2)).toBe('$71.40');
    expect(formatMarketValue(16.123, '¢/kWh', 2)).toBe('16.12¢');
    expect(formatMarketValue(1234.5, 'MWh', 1)).toBe('1,234.5');
  });

  it('signs percentage changes', () => {
    expect(formatPercentChange(1.234)).toBe('+1.23%');
    expect(formatPercentChange(-0.4)).toBe('-0.40%');
    expect(formatPercentChange(0)).toBe('0.00%');
  });
});

describe('admin text helpers', () => {
  it('says the zone of a time', async () => {
    const { formatZonedDateTime } = await import('@/lib/format');
    expect(formatZonedDateTime('2026-11-22T20:04:00Z')).toBe('Nov 22, 2026, 3:04 PM EST');
    expect(formatZonedDateTime('2026-07-01T16:00:00Z')).toBe('Jul 1, 2026, 12:00 PM EDT');
  });

  it('cuts text at a word boundary with an ellipsis, and leaves short text alone', async () => {
    const { truncateAtWord } = await import('@/lib/format');
    expect(truncateAtWord('Prices rose sharply across the region this week.', 25)).toBe('Prices rose sharply…');
    expect(truncateAtWord('Short note', 25)).toBe('Short note');
    expect(truncateAtWord('Supercalifragilisticexpialidocious', 10)).toBe('Supercalif…');
  });
});
