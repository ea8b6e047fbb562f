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

describe('a weekly brief’s headline', () => {
  it('says "rise" and "fall" of a plural, "rises" and "falls" of a singular', () => {
    const crude = seriesOf('crude-inventories');
    const fell = weeklyBrief({
      release,
      series: crude,
      latest: { period: '2026-11-20', value: 420_800 },
      previous: { period: '2026-11-13', value: 421_500 },
    });
    expect(fell.title).toBe('US crude oil inventories fall 0.70 million bbl to 420.80 million bbl');
    const rose = weeklyBrief({
      release,
      series: crude,
      latest: { period: '2026-11-20', value: 421_500 },
      previous: { period: '2026-11-13', value: 420_800 },
    });
    expect(rose.title).toBe('US crude oil inventories rise 0.70 million bbl to 421.50 million bbl');
    expect(rose.excerpt).toMatch(/^US crude oil inventories rose by 0\.70 million bbl to 421\.50 million bbl in the week ending November 20, 2026/);

    const storage = seriesOf('gas-storage');
    const up = weeklyBrief({
      release,
      series: storage,
      latest: { period: '2026-11-20', value: 3950 },
      previous: { period: '2026-11-13', value: 3920 },
    });
    expect(up.title).toBe('Working gas in storage rises 30 Bcf to 3,950 Bcf');
    const down = weeklyBrief({
      release,
      series: storage,
      latest: { period: '2026-11-20', value: 3900 },
      previous: { period: '2026-11-13', value: 3920 },
    });
    expect(down.title).toBe('Working gas in storage falls 20 Bcf to 3,900 Bcf');
  });
});
