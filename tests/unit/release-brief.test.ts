import { describe, expect, it } from 'vitest';
import { marketSeriesFacts } from '@db/catalog/market-series';
import { weeklyBrief, type BriefSeries } from '@/lib/release-brief';

// The release desk's weekly headline agrees with its series' short name: "Working gas in storage
// rises", "US crude oil inventories rise" (a brief once said "US crude oil inventories falls").
const release = { id: 'wpsr-2026-11-25', title: 'Weekly Petroleum Status Report', day: '2026-11-25' };
const seriesOf = (slug: string): BriefSeries => {
  const facts = marketSeriesFacts(slug)!;
  return { slug, shortName: facts.shortName, plural: facts.plural, unit: facts.unit, decimals: facts.decimals };
};

// The brief of a week in which the series moved from `previous` to `latest`.
const briefOf = (slug: string, latest: number, previous: number) =>
  weeklyBrief({
    release,
    series: seriesOf(slug),
    latest: { period: '2026-11-20', value: latest },
    previous: { period: '2026-11-13', value: previous },
  });

describe('a weekly brief’s headline', () => {
  it('says "rise" and "fall" of a plural, "rises" and "falls" of a singular', () => {
    const cases: [slug: string, latest: number, previous: number, title: string][] = [
      ['crude-inventories', 420_800, 421_500, 'US crude oil inventories fall 0.70 million bbl to 420.80 million bbl'],
      ['crude-inventories', 421_500, 420_800, 'US crude oil inventories rise 0.70 million bbl to 421.50 million bbl'],
      ['gas-storage', 3950, 3920, 'Working gas in storage rises 30 Bcf to 3,950 Bcf'],
      ['gas-storage', 3900, 3920, 'Working gas in storage falls 20 Bcf to 3,900 Bcf'],
    ];
    for (const [slug, latest, previous, title] of cases) expect(briefOf(slug, latest, previous).title).toBe(title);
    expect(briefOf('crude-inventories', 421_500, 420_800).excerpt).toMatch(
      /^US crude oil inventories rose by 0\.70 million bbl to 421\.50 million bbl in the week ending November 20, 2026/,
    );
  });
});
