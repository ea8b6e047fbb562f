// A line computed from stored series (a spread, a gap to the five-year average), as the series
// figure (src/lib/series-figure.ts) takes its inputs. Pure functions.
import { fiveYearRange, type Point } from '@/lib/series-stats';
import type { DerivedLine } from '@/lib/series-view';
import type { FigureSeriesInput } from '@/lib/series-figure';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A derived line from the series it is computed from (`inputs`, in the order of `line.of`): a
 * spread is the first minus the second on the periods both have; a five-year gap each
 * observation minus the average of the same week in the five years before (the input must
 * reach five years further back than the range; weeks without all five are left out).
 */
export function derivedSeries(line: DerivedLine, inputs: readonly FigureSeriesInput[]): FigureSeriesInput | undefined {
  const [a, b] = inputs;
  if (!a) return undefined;
  const points: Point[] = [];
  if (line.kind === 'spread') {
    if (!b) return undefined;
    const second = new Map(b.points.map((p) => [p.period, p.value]));
    for (const p of a.points) {
      const other = second.get(p.period);
      if (other !== undefined) points.push({ period: p.period, value: round(p.value - other, line.decimals) });
    }
  } else {
    const averages = new Map(
      fiveYearRange(
        a.points.map((p) => p.period),
        a.points,
      ).map((band) => [band.period, band.average]),
    );
    for (const p of a.points) {
      const average = averages.get(p.period);
      if (average !== undefined) points.push({ period: p.period, value: round(p.value - average, line.decimals) });
    }
  }
  return {
    slug: line.slug,
    name: line.name,
    unit: line.unit,
    decimals: line.decimals,
    frequency: a.frequency,
    points,
    sources: inputs.flatMap((i) => i.sources),
    derived: true,
  };
}
