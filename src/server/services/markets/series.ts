import { CHANGE_PERIODS, isStale, seriesInfo, seriesSourceText } from '@/lib/series-catalog';
import { fiveYearRange, rangeStart, rangeStats, type FiveYearBand, type Point, type RangeStats, type SeriesRange } from '@/lib/series-stats';
import type { ArticleSummary } from '@/lib/wire/articles';
import type { SeriesSummary } from '@/lib/wire/markets';
import { isEiaSource } from '@/lib/energy';
import { appConfig } from '@/server/config';
import { cachedForContent } from '@/server/content-version';
import { BadRequestError, NotFoundError, RateLimitError, messages } from '@/server/errors';
import { getArticlesByIds, searchPublicArticleIds, toFtsQuery } from '@/server/queries/articles';
import { getSeriesBySlug, listObservationsBetween, listSeriesWithLatest, type MarketSeriesRow } from '@/server/queries/market';
import { MemoryRateLimiter } from '@/server/services/rate-limits/in-memory';
import { easternDay, getCalendar, type CalendarEntry } from '@/server/services/calendar/releases';
import { addDays } from '@/lib/zoned-time';

/** The most observations one answer of the data API holds; a wider range is a 400 asking to narrow it. */
export const MAX_OBSERVATIONS = 10_000;
/** Articles a series page lists. */
const RELATED_ARTICLES = 5;

function summarize(series: MarketSeriesRow, latest: Point | undefined, previous: Point | undefined, now: Date): SeriesSummary {
  const info = seriesInfo(series.slug, series.frequency);
  const sample = !isEiaSource(series.source);
  const round = (v: number) => Math.round(v * 10 ** (series.decimals + 2)) / 10 ** (series.decimals + 2);
  return {
    slug: series.slug,
    name: series.name,
    description: info.description,
    unit: series.unit,
    frequency: series.frequency,
    decimals: series.decimals,
    latest: latest ?? null,
    change:
      latest && previous
        ? {
            value: round(latest.value - previous.value),
            percent: previous.value === 0 ? null : Math.round(((latest.value - previous.value) / previous.value) * 10_000) / 100,
            period: CHANGE_PERIODS[series.frequency],
          }
        : null,
    stale: latest ? isStale(latest.period, info.staleAfterDays, now) : true,
    staleAfterDays: info.staleAfterDays,
    source: { sample, eiaSeries: info.eiaSeries, text: seriesSourceText(sample, info.eiaSeries) },
    page: `/markets/${series.slug}`,
    api: `/api/series/${series.slug}`,
  };
}

/** Every stored series with its latest value and change, in display order (the rows read once per content version). */
export async function listSeriesSummaries(now: Date = new Date()): Promise<SeriesSummary[]> {
  const rows = await cachedForContent('series|latest', () => listSeriesWithLatest());
  const out: SeriesSummary[] = [];
  for (const [index, row] of rows.entries()) {
    if (rows[index - 1]?.id === row.id) continue;
    const point = (r: (typeof rows)[number] | undefined) =>
      r && r.id === row.id && r.period !== null && r.value !== null ? { period: r.period, value: r.value } : undefined;
    out.push(summarize(row, point(row), point(rows[index + 1]), now));
  }
  return out;
}

async function requireSeries(slug: string): Promise<MarketSeriesRow> {
  const series = await cachedForContent(`series|${slug}`, () => getSeriesBySlug(slug));
  if (!series) throw new NotFoundError(messages.seriesNotFound);
  return series;
}

/** A series' observations from `start` to `end` (either open), oldest first; a 404 for an unknown slug, a 400 past MAX_OBSERVATIONS. */
export async function getSeriesObservations(
  slug: string,
  range: { start?: string | undefined; end?: string | undefined },
  now: Date = new Date(),
): Promise<{ series: SeriesSummary; start: string | null; end: string | null; observations: Point[] }> {
  const row = await requireSeries(slug);
  const [observations, summaries] = await Promise.all([listObservationsBetween(row.id, range, MAX_OBSERVATIONS + 1), listSeriesSummaries(now)]);
  if (observations.length > MAX_OBSERVATIONS) throw new BadRequestError(messages.seriesRangeTooLarge(MAX_OBSERVATIONS));
  const series = summaries.find((s) => s.slug === slug) ?? summarize(row, undefined, undefined, now);
  return { series, start: range.start ?? null, end: range.end ?? null, observations };
}

/** The CSV of a series' observations: a header row, then `period,value` oldest first. */
export function observationsCsv(series: SeriesSummary, observations: readonly Point[]): string {
  const header = `period,value (${series.unit.replace(/[",\r\n]/g, ' ')})`;
  return `${[header, ...observations.map((o) => `${o.period},${o.value}`)].join('\r\n')}\r\n`;
}

/** The file name a download of the series gets: wti_2025-01-01_2025-12-31.csv. */
export function observationsFilename(slug: string, observations: readonly Point[], ext: 'csv' | 'json'): string {
  const first = observations[0]?.period ?? 'none';
  const last = observations.at(-1)?.period ?? 'none';
  return `${slug}_${first}_${last}.${ext}`;
}

/** The full-text query of a series' keywords: any keyword matches (each one's words all must). */
export function keywordQuery(keywords: readonly string[]): string | undefined {
  const terms = keywords.map((k) => toFtsQuery(k)).filter((q): q is string => q !== undefined);
  return terms.length === 0 ? undefined : terms.map((t) => `(${t})`).join(' OR ');
}

export interface SeriesPage {
  series: SeriesSummary;
  range: SeriesRange;
  points: Point[];
  stats: RangeStats | undefined;
  /** Gas storage: the five-year range of each charted week. */
  band: FiveYearBand[];
  articles: ArticleSummary[];
  /** The next EIA release that updates the series (at the time EIA moved it to, or postponed), if one is due within NEXT_RELEASE_DAYS. */
  nextRelease: Pick<CalendarEntry, 'id' | 'title' | 'day' | 'time' | 'startsAt' | 'status'> | undefined;
}

/** How far ahead a series page looks for the release that updates it. */
const NEXT_RELEASE_DAYS = 45;

/** The next release of the calendar (EIA's changes applied) that updates the series. */
async function nextReleaseOf(slug: string, now: Date): Promise<SeriesPage['nextRelease']> {
  const today = easternDay(now);
  const entries = await getCalendar(today, addDays(today, NEXT_RELEASE_DAYS), now);
  const next = entries.find(
    (e) => e.type === 'release' && (e.status === 'upcoming' || e.status === 'postponed') && e.series.some((s) => s.slug === slug),
  );
  return next && { id: next.id, title: next.title, day: next.day, time: next.time, startsAt: next.startsAt, status: next.status };
}

/** What /markets/{slug} shows for a range: the points, their figures, the five-year band (storage) and recent articles. */
export async function getSeriesPage(slug: string, range: SeriesRange, now: Date = new Date()): Promise<SeriesPage | undefined> {
  const row = await cachedForContent(`series|${slug}`, () => getSeriesBySlug(slug));
  if (!row) return undefined;
  const summaries = await listSeriesSummaries(now);
  const series = summaries.find((s) => s.slug === slug) ?? summarize(row, undefined, undefined, now);
  const latest = series.latest?.period;
  const start = latest ? rangeStart(range, latest) : undefined;
  const withBand = slug === 'gas-storage';
  // The band needs the five years before the first charted week as well.
  const readFrom = withBand && start ? shiftYears(start, -5, -7) : withBand ? undefined : start;
  const fts = keywordQuery(seriesInfo(slug, row.frequency).keywords);
  const [history, articles, nextRelease] = await Promise.all([
    cachedForContent(`series|${slug}|${readFrom ?? 'all'}`, () => listObservationsBetween(row.id, { start: readFrom }, MAX_OBSERVATIONS)),
    fts
      ? cachedForContent(`series|${slug}|articles`, async () =>
          getArticlesByIds(await searchPublicArticleIds(fts, { now: new Date() }, RELATED_ARTICLES, 0), false),
        )
      : Promise.resolve([]),
    nextReleaseOf(slug, now),
  ]);
  const points = start ? history.filter((p) => p.period >= start) : history;
  return {
    series,
    range,
    points,
    stats: rangeStats(points),
    band: withBand
      ? fiveYearRange(
          points.map((p) => p.period),
          history,
        )
      : [],
    articles,
    nextRelease,
  };
}

function shiftYears(day: string, years: number, extraDays: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

let apiReads: MemoryRateLimiter | undefined;

/**
 * Counts one data API read for the client address in this process's memory (a read costs
 * no database write); a 429 with Retry-After past API_RATE_LIMIT a minute. The limit is per
 * web process.
 */
export function takeApiRead(clientAddress: string, now: Date = new Date()): void {
  apiReads ??= new MemoryRateLimiter(appConfig().apiRateLimit);
  const waitMs = apiReads.take(clientAddress, now.getTime());
  if (waitMs > 0) throw new RateLimitError(waitMs / 1000, messages.apiRateLimited);
}
