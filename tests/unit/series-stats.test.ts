import { describe, expect, it } from 'vitest';
import { isStale } from '@/lib/series-catalog';
import { fiveYearRange, rangeStart, rangeStats } from '@/lib/series-stats';
import { seriesQuerySchema } from '@/lib/validation/series-query';
import * as z from '@/lib/validation/zod-mini';

describe('rangeStats', () => {
  it('gives latest, change over the range, high, low and average', () => {
    const stats = rangeStats([
      { period: '2026-01-02', value: 10 },
      { period: '2026-01-09', value: 14 },
      { period: '2026-01-16', value: 8 },
      { period: '2026-01-23', value: 12 },
    ]);
    expect(stats).toMatchObject({
      latest: { value: 12 },
      high: { period: '2026-01-09' },
      low: { period: '2026-01-16' },
      average: 11,
      change: 2,
      changePercent: 20,
    });
    expect(rangeStats([])).toBeUndefined();
  });

  it('reaches back by calendar months from the latest period', () => {
    expect(rangeStart('1m', '2026-03-31')).toBe('2026-03-03');
    expect(rangeStart('5y', '2026-11-20')).toBe('2021-11-20');
    expect(rangeStart('max', '2026-11-20')).toBeUndefined();
  });
});

describe('fiveYearRange', () => {
  it('takes the same week of each of the five previous years, within three days, and skips weeks without all five', () => {
    const day = (s: string, years: number, shift: number) => {
      const d = new Date(`${s}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - years * 364 + shift);
      return d.toISOString().slice(0, 10);
    };
    const history = [1, 2, 3, 4, 5].map((y) => ({ period: day('2026-11-20', y, y === 3 ? 2 : 0), value: 3000 + y * 100 }));
    expect(fiveYearRange(['2026-11-20'], history)).toEqual([{ period: '2026-11-20', min: 3100, max: 3500, average: 3300 }]);
    expect(fiveYearRange(['2026-11-20'], history.slice(1))).toEqual([]);
  });
});

describe('isStale', () => {
  it('is stale once the latest period is older than the allowed days', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isStale('2026-11-20', 10, now)).toBe(false);
    expect(isStale('2026-11-10', 10, now)).toBe(true);
  });
});

describe('seriesQuerySchema', () => {
  it('takes ISO dates (a month as its first day) and refuses others', () => {
    expect(z.parse(seriesQuerySchema, { start: '2026-01', end: '2026-02-28' })).toEqual({
      start: '2026-01-01',
      end: '2026-02-28',
      format: 'json',
      vintage: 'latest',
    });
    expect(z.safeParse(seriesQuerySchema, { start: '2026-02-29' }).success).toBe(false);
    expect(z.safeParse(seriesQuerySchema, { start: '2026-03-01', end: '2026-02-01' }).success).toBe(false);
    expect(z.safeParse(seriesQuerySchema, { format: 'xml' }).success).toBe(false);
  });
});
