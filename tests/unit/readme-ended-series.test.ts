// The market data guide (docs/market-data.md) names the series EIA has ended; the catalog is where that is
// written, so this keeps the guide from drifting from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endedSeries, MARKET_SERIES } from '@db/catalog/market-series';
import { formatLongCalendarDay } from '@/lib/calendar-format';

const readme = readFileSync(new URL('../../docs/market-data.md', import.meta.url), 'utf8');
const paragraph = readme.slice(
  readme.indexOf('- **Series EIA has ended.**'),
  readme.indexOf('\n- **', readme.indexOf('- **Series EIA has ended.**') + 1),
);

describe('the README’s series EIA has ended', () => {
  it('names each ended series of the catalog (its EIA route, series and last day) and no other', () => {
    expect(paragraph.length).toBeGreaterThan(100);
    const ended = endedSeries();
    expect(ended.length).toBeGreaterThan(0);
    const text = paragraph.replace(/\s+/g, ' ');
    for (const s of ended) {
      expect(text, s.slug).toContain(`\`${s.eia.route}\``);
      expect(text, s.slug).toContain(formatLongCalendarDay(s.ended.on));
    }
    // Series ids written as a range (RNGC1–RNGC4) cover every ended one; no series that goes on is named.
    const named = [...text.matchAll(/\b([A-Z][A-Z0-9_]+?)(\d+)–\1(\d+)\b/g)].flatMap(([, stem, from, to]) =>
      Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => `${stem}${Number(from) + i}`),
    );
    expect(named.sort()).toEqual(ended.map((s) => s.eia.series).sort());
    for (const s of MARKET_SERIES.filter((m) => !ended.some((e) => e.slug === m.slug))) expect(text, s.slug).not.toContain(s.eia.series);
  });
});
