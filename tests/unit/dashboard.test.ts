import { describe, expect, it } from 'vitest';
import { annualizedVolatility, changeOverDays, logReturns, thirtyDayVolatility, weeklyVolatility } from '@/lib/dashboard';

/** Weekday observations from `start` on, one per value. */
function weekdays(start: string, values: number[]): { period: string; value: number }[] {
  const out: { period: string; value: number }[] = [];
  const date = new Date(`${start}T00:00:00Z`);
  for (const value of values) {
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
    out.push({ period: date.toISOString().slice(0, 10), value });
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return out;
}

/** Prices whose daily log returns alternate +r and -r. */
const zigzag = (count: number, r: number) => Array.from({ length: count }, (_, i) => 100 * Math.exp(i % 2 === 0 ? 0 : r));

describe('realized volatility of the stored WTI series', () => {
  it('takes the log returns of consecutive prices', () => {
    const returns = logReturns([100, 110, 99]);
    expect(returns[0]).toBeCloseTo(Math.log(1.1), 12);
    expect(returns[1]).toBeCloseTo(Math.log(0.9), 12);
  });

  it('annualizes the sample standard deviation of daily log returns with √252, in percent', () => {
    // Returns +1%, -1%, +1%, -1%: mean 0, sample variance 4 × 0.0001 / 3.
    const expected = Math.sqrt(((4 * 0.0001) / 3) * 252) * 100;
    expect(annualizedVolatility([0.01, -0.01, 0.01, -0.01])).toBe(Math.round(expected * 10) / 10);
    expect(annualizedVolatility([0.02, 0.02, 0.02])).toBe(0);
    expect(annualizedVolatility([0.01])).toBeUndefined();
  });

  it('measures 30-day volatility on the last 30 returns only, and needs all of them', () => {
    const calm = Array.from({ length: 40 }, () => 100);
    const rough = zigzag(31, 0.02);
    const series = weekdays('2026-01-05', [...calm, ...rough]);
    expect(thirtyDayVolatility(series)).toBe(annualizedVolatility(logReturns(rough)));
    expect(thirtyDayVolatility(series.slice(-30))).toBeUndefined();
  });

  it('gives each Monday-to-Sunday week its own volatility, the last four with two returns or more', () => {
    // Six weeks of weekdays: calm, then ever rougher weeks.
    const values = [...Array.from({ length: 10 }, () => 100), ...zigzag(5, 0.01), ...zigzag(5, 0.02), ...zigzag(5, 0.03), ...zigzag(5, 0.04)];
    const weeks = weeklyVolatility(weekdays('2026-03-02', values));
    expect(weeks.map((w) => w.weekStart)).toEqual(['2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06']);
    expect(weeks.map((w) => w.value)).toEqual([...weeks.map((w) => w.value)].sort((a, b) => a - b));
    expect(weeks[0]?.value).toBeGreaterThan(0);
  });

  it('compares the latest price with the last one at least 91 days older', () => {
    const series = [
      { period: '2026-01-02', value: 80 },
      { period: '2026-01-05', value: 90 },
      { period: '2026-04-06', value: 99 },
    ];
    expect(changeOverDays(series, 91)).toBe(10);
    expect(changeOverDays(series.slice(1), 91)).toBe(10);
    expect(changeOverDays(series.slice(2), 91)).toBeUndefined();
  });
});
