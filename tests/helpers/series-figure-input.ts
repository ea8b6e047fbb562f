// What `buildSeriesFigure` is given, for unit tests: a view, series with their points, and the
// figure's input with nothing else charted unless a test says so.
import type { FigureInput, FigureSeriesInput } from '@/lib/series-figure';
import type { SeriesView } from '@/lib/series-view';

/** The default view (a year, the level, with the outlook), with `change`. */
export const seriesView = (change: Partial<SeriesView> = {}): SeriesView => ({
  range: '1y',
  compare: [],
  measure: 'level',
  outlook: true,
  ...change,
});

/** A series as a figure takes it: its facts, and the points given as `[period, value]`. */
export function figureSeries(
  facts: Omit<FigureSeriesInput, 'points'>,
  points: [string, number][],
  extra: Partial<FigureSeriesInput> = {},
): FigureSeriesInput {
  return { ...facts, points: points.map(([period, value]) => ({ period, value })), ...extra };
}

/** The input of WTI's figure with `main` drawn and nothing compared, forecast or banded, with `change`. */
export function figureInput(main: FigureSeriesInput, change: Partial<FigureInput>): FigureInput {
  return { slug: 'wti', view: seriesView(), start: undefined, main, compared: [], forecast: undefined, futures: [], band: [], ...change };
}
