import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { RELATIVE_TIME_SCRIPT, formatRelativeTime } from '@/lib/relative-time';

describe('date formats', () => {
  it('writes the article date as month name, day and year', () => {
    expect(formatLongDate('2025-03-05T15:00:00Z')).toBe('March 5, 2025');
  });

  it('writes comment times in US locale with hour and minute', () => {
    expect(formatDateTime('2025-03-05T19:07:00Z')).toBe('March 5, 2025 at 2:07 PM');
  });

  it('writes publish times relative to now with an ago suffix', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(formatRelativeTime('2025-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('2025-03-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2025-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2025-03-10T11:01:00Z', now)).toBe('59 minutes ago');
    expect(formatRelativeTime('2025-01-10T12:00:00Z', now)).toBe('2 months ago');
    expect(formatRelativeTime('2023-03-10T12:00:00Z', now)).toBe('2 years ago');
  });

  it("says server-rendered times in the page's inline script exactly as islands do", () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    const ages = [0, 30e3, 61e3, 89.5 * 60e3, 59.4 * 60e3, 23.6 * 36e5, 36e5 * 25, 29.4 * 864e5, 29.6 * 864e5, 200 * 864e5, 364 * 864e5, 900 * 864e5];
    const times = ages.map((age) => ({ datetime: new Date(now - age).toISOString(), textContent: 'absolute date' }));
    const elements = times.map((t) => ({
      getAttribute: () => t.datetime,
      set textContent(v: string) {
        t.textContent = v;
      },
    }));
    runInNewContext(RELATIVE_TIME_SCRIPT, {
      Intl,
      Math,
      Date: { now: () => now, parse: Date.parse },
      document: { querySelectorAll: (selector: string) => (selector === 'time[data-relative]' ? elements : []) },
    });
    expect(times.map((t) => t.textContent)).toEqual(times.map((t) => formatRelativeTime(t.datetime, new Date(now))));
    expect(new Set(times.map((t) => t.textContent)).size).toBeGreaterThan(8);
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
