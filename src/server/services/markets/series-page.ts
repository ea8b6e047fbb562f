// A series page and its embed: the figure of a view (the series over its range, what it is
// compared with, derived lines, EIA's forecast and the futures strip, the five-year band), read
// from the stored observations once per content version, and what the page shows beside it.
import { currentOutlookOf, seriesEnd, type FuturesContract, type MarketSeriesFacts } from '@db/catalog/market-series';
import { seriesEndedText, seriesInfo } from '@/lib/series-catalog';
import { derivedSeries } from '@/lib/derived-series';
import { buildSeriesFigure, type FigureInput, type FigureSeriesInput, type SeriesFigure } from '@/lib/series-figure';
import { fiveYearRange, rangeStart, rangeStats, type FiveYearBand, type Point, type RangeStats } from '@/lib/series-stats';
import { derivedLine, type SeriesView } from '@/lib/series-view';
import type { ArticleSummary } from '@/lib/wire/articles';
import type { SeriesSummary } from '@/lib/wire/markets';
import { revisionsByPeriod, type PointRevision } from '@/lib/value-revisions';
import { addDays } from '@/lib/zoned-time';
import { showsArticles, validUntil } from '@/server/cache/render-scope';
import { cachedForContent } from '@/server/content-version';
import { searchPublicArticleIds } from '@/server/queries/article-search';
import { getArticlesByIds } from '@/server/queries/articles';
import {
  listObservationsBetween,
  listRecentObservations,
  listRevisedVintages,
  listSeriesBySlugs,
  type MarketSeriesRow,
} from '@/server/queries/market';
import { easternDay, getCalendar, type CalendarEntry } from '@/server/services/calendar/releases';
import { MAX_OBSERVATIONS, findSeries, keywordQuery, seriesSummaryOf } from '@/server/services/markets/series';
import { annotationsShownFor } from '@/server/services/markets/annotations';
import type { SeriesAnnotation } from '@/lib/wire/markets';

/** Articles a series page lists. */
const RELATED_ARTICLES = 5;
/** How far ahead a series page looks for the release that updates it. */
const NEXT_RELEASE_DAYS = 45;

/** A series view's chart: its figure, and the page's own series in the range with its five-year band. */
export interface SeriesChart {
  series: SeriesSummary;
  view: SeriesView;
  /** The page's series in the range, as stored. */
  points: Point[];
  /** Gas storage: the five-year range of each charted week. */
  band: FiveYearBand[];
  /** What the chart, its table, CSV and downloads show. */
  figure: SeriesFigure;
  /** The newsroom's annotations that reach into the range, oldest first (the chart's `annotations`). */
  annotations: SeriesAnnotation[];
}

export interface SeriesPage extends SeriesChart {
  stats: RangeStats | undefined;
  articles: ArticleSummary[];
  /** The next EIA release that updates the series (at the time EIA moved it to, or postponed), if one is due within NEXT_RELEASE_DAYS. */
  nextRelease: Pick<CalendarEntry, 'id' | 'title' | 'day' | 'time' | 'startsAt' | 'status'> | undefined;
  /** The figures of the range EIA revised, by period: what each was and when it changed. */
  revisions: ReadonlyMap<string, PointRevision>;
}

/** A day moved by whole years and some days (the lookback of a five-year band or a change from a year before). */
function shiftYears(day: string, years: number, extraDays: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

/** A stored series' observations from `from` on (all when undefined), read once per content version. */
function observationsFrom(row: MarketSeriesRow, from: string | undefined): Promise<Point[]> {
  return cachedForContent(`series|${row.slug}|${from ?? 'all'}`, () => listObservationsBetween(row.id, { start: from }, MAX_OBSERVATIONS));
}

/** A stored series as a figure reads it. */
function figureInput(row: MarketSeriesRow, points: Point[]): FigureSeriesInput {
  const { slug, name, unit, decimals, frequency, source } = row;
  const ended = seriesEnd(slug);
  return { slug, name, unit, decimals, frequency, points, sources: [{ name, source }], ...(ended ? { ended: seriesEndedText(ended) } : {}) };
}

/** The first day a line must be read from: five years before the range for a five-year band or gap, a year before for the change from a year before. */
function lookbackFrom(start: string | undefined, fiveYears: boolean, view: SeriesView): string | undefined {
  if (!start) return undefined;
  if (fiveYears) return shiftYears(start, -5, -7);
  return view.measure === 'yoy' ? shiftYears(start, -1, -7) : start;
}

/** EIA's forecast and the futures strip of a series, as stored (the forecast from the month of its latest figure on). */
async function outlookInputs(outlook: readonly MarketSeriesFacts[], rowOf: Map<string, MarketSeriesRow>, latest: string | undefined) {
  const forecastRow = outlook.filter((o) => o.outlook?.kind === 'forecast').map((o) => rowOf.get(o.slug))[0];
  const contracts = outlook.flatMap((o) => {
    const row = rowOf.get(o.slug);
    return row && o.outlook?.kind === 'futures' ? [{ contract: o.outlook.contract, row }] : [];
  });
  const [forecast, futures] = await Promise.all([
    forecastRow && observationsFrom(forecastRow, latest ? `${latest.slice(0, 7)}-01` : undefined).then((points) => figureInput(forecastRow, points)),
    Promise.all(
      contracts.map(async ({ contract, row }): Promise<{ contract: FuturesContract; series: FigureSeriesInput }> => {
        // The strip is the latest settlements: a few days are enough to find contract 1's last day in every contract.
        const recent = await cachedForContent(`series|${row.slug}|recent`, () => listRecentObservations(row.id, 5));
        return { contract, series: figureInput(row, recent.map((p) => ({ period: p.period, value: p.value })).reverse()) };
      }),
    ),
  ]);
  return { forecast, futures } satisfies Pick<FigureInput, 'forecast' | 'futures'>;
}

/** The chart of a series view; undefined for an unknown slug. */
export async function getSeriesChart(slug: string, view: SeriesView, now: Date = new Date()): Promise<SeriesChart | undefined> {
  const row = await findSeries(slug);
  if (!row) return undefined;
  const series = await seriesSummaryOf(row, now);
  const latest = series.latest?.period;
  const start = latest ? rangeStart(view.range, latest) : undefined;
  const withBand = slug === 'gas-storage';
  const outlook = view.outlook ? currentOutlookOf(slug) : [];
  const wanted = [...new Set([...view.compare.flatMap((c) => derivedLine(c)?.of ?? [c]), ...outlook.map((o) => o.slug)])];
  const rows = wanted.length > 0 ? await cachedForContent(`series|rows|${wanted.join(',')}`, () => listSeriesBySlugs(wanted)) : [];
  const rowOf = new Map(rows.map((r) => [r.slug, r]));
  const stored = async (s: string, fiveYears: boolean) => {
    const r = rowOf.get(s);
    return r && figureInput(r, await observationsFrom(r, lookbackFrom(start, fiveYears, view)));
  };
  const [history, compared, ahead, annotated] = await Promise.all([
    observationsFrom(row, lookbackFrom(start, withBand, view)),
    Promise.all(
      view.compare.map(async (c) => {
        const line = derivedLine(c);
        if (!line) return stored(c, false);
        const inputs = await Promise.all(line.of.map((s) => stored(s, line.kind === 'five-year-gap')));
        return inputs.every((i) => i !== undefined) ? derivedSeries(line, inputs) : undefined;
      }),
    ),
    outlookInputs(outlook, rowOf, latest),
    annotationsShownFor(slug),
  ]);
  const points = start ? history.filter((p) => p.period >= start) : history;
  const band = withBand
    ? fiveYearRange(
        points.map((p) => p.period),
        history,
      )
    : [];
  const figure = buildSeriesFigure({
    slug,
    view,
    start,
    main: figureInput(row, history),
    compared: compared.filter((c): c is FigureSeriesInput => c !== undefined),
    ...ahead,
    band,
  });
  const annotations = start ? annotated.filter((a) => (a.to ?? a.from) >= start) : annotated;
  return { series, view, points, band, figure, annotations };
}

/** The revised figures of a stored series from `from` on, by period, read once per content version (an import that revises one purges the market pages). */
async function revisionsFrom(slug: string, from: string | undefined): Promise<ReadonlyMap<string, PointRevision>> {
  const row = await findSeries(slug);
  if (!row) return new Map();
  return cachedForContent(`series|${slug}|revised|${from ?? 'all'}`, async () =>
    revisionsByPeriod(await listRevisedVintages(row.id, { start: from })),
  );
}

/** The next release of the calendar (EIA's changes applied) that updates the series. */
async function nextReleaseOf(slug: string, now: Date): Promise<SeriesPage['nextRelease']> {
  const today = easternDay(now);
  const entries = await getCalendar(today, addDays(today, NEXT_RELEASE_DAYS), now);
  const next = entries.find(
    (e) => e.type === 'release' && (e.status === 'upcoming' || e.status === 'postponed') && e.series.some((s) => s.slug === slug),
  );
  return next && { id: next.id, title: next.title, day: next.day, time: next.time, startsAt: next.startsAt, status: next.status };
}

/** What /markets/{slug} shows for a view: its chart, the range's figures, recent articles and the next release. */
export async function getSeriesPage(slug: string, view: SeriesView, now: Date = new Date()): Promise<SeriesPage | undefined> {
  const chart = await getSeriesChart(slug, view, now);
  if (!chart) return undefined;
  const fts = keywordQuery(seriesInfo(slug, chart.series.frequency).keywords);
  const start = chart.points[0]?.period;
  const [articles, nextRelease, revisions] = await Promise.all([
    fts
      ? cachedForContent(`series|${slug}|articles`, async () =>
          getArticlesByIds(await searchPublicArticleIds(fts, { now: new Date() }, RELATED_ARTICLES, 0), false),
        )
      : Promise.resolve([]),
    nextReleaseOf(slug, now),
    revisionsFrom(slug, start),
  ]);
  showsArticles(articles);
  // Its "Next update" moves on once that release is out.
  if (nextRelease) validUntil(new Date(nextRelease.startsAt));
  return { ...chart, stats: rangeStats(chart.points), articles, nextRelease, revisions };
}
