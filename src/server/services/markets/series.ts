import { CHANGE_PERIODS, isSeriesStale, seriesEndedText, seriesInfo, seriesSourceText, staleFrom } from '@/lib/series-catalog';
import { showsTags, validUntil } from '@/server/cache/render-scope';
import { tag } from '@/server/cache/tags';
import type { Point } from '@/lib/series-stats';
import type { SeriesHistory, SeriesPoint, SeriesRevision, SeriesSummary } from '@/lib/wire/markets';
import { revisionCursorOf, type SERIES_VINTAGES } from '@/lib/validation/series-query';
import { endOfDay, revisionsByPeriod, vintageFileSuffix } from '@/lib/value-revisions';
import { isEiaSource } from '@/lib/energy';
import { percentChange } from '@/lib/market-format';
import type * as z from '@/lib/validation/zod-mini';
import { getClientAddress } from '@/server/client-address';
import { appConfig } from '@/server/config';
import { cachedForContent } from '@/server/content-version';
import { BadRequestError, NotFoundError, RateLimitError, messages } from '@/server/errors';
import { parseQuery } from '@/server/http';
import { toFtsQuery } from '@/server/queries/article-search';
import {
  getSeriesBySlug,
  listObservationsBetween,
  listObservationVintages,
  listRevisedVintages,
  listSeriesWithLatest,
  listValueRevisions,
  type MarketSeriesRow,
  type RevisionCursor,
} from '@/server/queries/market';
import { machineRateLimit, type ClientRateLimit } from '@/server/services/rate-limits/machine';

/** The most observations one answer of the data API holds; a wider range is a 400 asking to narrow it. */
export const MAX_OBSERVATIONS = 10_000;

function summarize(series: MarketSeriesRow, latest: Point | undefined, previous: Point | undefined, now: Date): SeriesSummary {
  const info = seriesInfo(series.slug, series.frequency);
  // Seeded figures are the sample; a seeded series holding none (a site with an EIA key, before EIA's figures) says where they will come from.
  const sample = !isEiaSource(series.source) && latest !== undefined;
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
            percent: percentChange(latest.value, previous.value),
            period: CHANGE_PERIODS[series.frequency],
          }
        : null,
    stale: latest ? isSeriesStale(info, latest.period, now) : !info.ended,
    staleAfterDays: info.staleAfterDays,
    ended: info.ended
      ? { on: info.ended.on, note: info.ended.note, replacedBy: info.ended.replacedBy ?? null, text: seriesEndedText(info.ended) }
      : null,
    source: { sample, eiaSeries: info.eiaSeries, text: seriesSourceText(sample, info.eiaSeries) },
    page: `/markets/${series.slug}`,
    api: `/api/series/${series.slug}`,
  };
}

/** Every stored series with its latest value and change, in display order (the rows read once per content version). */
export async function listSeriesSummaries(now: Date = new Date()): Promise<SeriesSummary[]> {
  showsTags(tag.market);
  const rows = await cachedForContent('series|latest', () => listSeriesWithLatest());
  const out: SeriesSummary[] = [];
  for (const [index, row] of rows.entries()) {
    if (rows[index - 1]?.id === row.id) continue;
    const point = (r: (typeof rows)[number] | undefined) =>
      r && r.id === row.id && r.period !== null && r.value !== null ? { period: r.period, value: r.value } : undefined;
    const summary = summarize(row, point(row), point(rows[index + 1]), now);
    // A page showing the figure changes the moment it turns stale.
    if (summary.latest && !summary.stale && !summary.ended) validUntil(staleFrom(summary.latest.period, summary.staleAfterDays));
    out.push(summary);
  }
  return out;
}

/** A stored series' summary (its latest figure and change, when it has any). */
export async function seriesSummaryOf(row: MarketSeriesRow, now: Date = new Date()): Promise<SeriesSummary> {
  const summaries = await listSeriesSummaries(now);
  return summaries.find((s) => s.slug === row.slug) ?? summarize(row, undefined, undefined, now);
}

/** A stored series by slug, read once per content version. */
export function findSeries(slug: string): Promise<MarketSeriesRow | undefined> {
  return cachedForContent(`series|${slug}`, () => getSeriesBySlug(slug));
}

async function requireSeries(slug: string): Promise<MarketSeriesRow> {
  const series = await findSeries(slug);
  if (!series) throw new NotFoundError(messages.seriesNotFound);
  return series;
}

/** Which figures a history reads: the latest (revised ones saying so), as first published, or as known at the end of a day. */
export interface SeriesVintage {
  vintage: (typeof SERIES_VINTAGES)[number];
  asOf?: string | undefined;
}

/** The latest figures of a range, each revised one with what it was and when it changed. */
async function latestPoints(seriesId: number, range: { start?: string | undefined; end?: string | undefined }): Promise<SeriesPoint[]> {
  const [observations, revised] = await Promise.all([
    listObservationsBetween(seriesId, range, MAX_OBSERVATIONS + 1),
    listRevisedVintages(seriesId, range),
  ]);
  const revisions = revisionsByPeriod(revised);
  return observations.map((o) => {
    const revision = revisions.get(o.period);
    return revision ? { ...o, firstValue: revision.firstValue, previousValue: revision.previousValue, revisedAt: revision.revisedAt } : o;
  });
}

/**
 * A series' observations from `start` to `end` (either open), oldest first: the latest figures,
 * or the figures as EIA first published them or as known at the end of a day (a series still on
 * its sample history has none: samples are no published figures); a 404 for an unknown slug, a
 * 400 past MAX_OBSERVATIONS.
 */
export async function getSeriesObservations(
  slug: string,
  range: { start?: string | undefined; end?: string | undefined },
  which: SeriesVintage = { vintage: 'latest' },
  now: Date = new Date(),
): Promise<SeriesHistory> {
  const row = await requireSeries(slug);
  const read = async (): Promise<SeriesPoint[]> => {
    if (which.vintage === 'latest' && !which.asOf) return latestPoints(row.id, range);
    const choice = which.asOf ? { before: endOfDay(which.asOf) } : { first: true as const };
    const vintages = await listObservationVintages(row.id, range, choice, MAX_OBSERVATIONS + 1);
    return vintages.map(({ period, value }) => ({ period, value }));
  };
  const [observations, series] = await Promise.all([read(), seriesSummaryOf(row, now)]);
  if (observations.length > MAX_OBSERVATIONS) throw new BadRequestError(messages.seriesRangeTooLarge(MAX_OBSERVATIONS));
  return { series, start: range.start ?? null, end: range.end ?? null, vintage: which.vintage, asOf: which.asOf ?? null, observations };
}

/**
 * A page of the revisions EIA made to a series' figures, newest period first, from the start or
 * after `cursor`, and the cursor of the next page when there is one; a 404 for an unknown slug.
 */
export async function getSeriesRevisions(
  slug: string,
  page: { limit: number; cursor?: RevisionCursor | undefined },
): Promise<{ revisions: SeriesRevision[]; next: string | undefined }> {
  const row = await requireSeries(slug);
  // One more than the page says whether another follows.
  const rows = await listValueRevisions(row.id, { limit: page.limit + 1, after: page.cursor });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    revisions: shown.map((r) => ({
      period: r.period,
      value: r.value,
      previousValue: r.previousValue,
      revisedAt: new Date(r.seenAt).toISOString(),
      importRun: r.runId,
    })),
    next: rows.length > page.limit && last ? revisionCursorOf(last) : undefined,
  };
}

/** The CSV of a series' observations: a header row, then `period,value` oldest first. */
export function observationsCsv(series: SeriesSummary, observations: readonly Point[]): string {
  const header = `period,value (${series.unit.replace(/[",\r\n]/g, ' ')})`;
  return `${[header, ...observations.map((o) => `${o.period},${o.value}`)].join('\r\n')}\r\n`;
}

/**
 * The file name a download of the series gets: wti_2025-01-01_2025-12-31.csv, and with the
 * figures it holds when they are not the latest: wti_2025-01-01_2025-12-31_first.csv,
 * wti_2025-01-01_2025-12-31_as-of-2026-03-02.csv.
 */
export function observationsFilename(slug: string, observations: readonly Point[], ext: 'csv' | 'json', which?: SeriesVintage): string {
  const first = observations[0]?.period ?? 'none';
  const last = observations.at(-1)?.period ?? 'none';
  return `${slug}_${first}_${last}${vintageFileSuffix(which)}.${ext}`;
}

/** The full-text query of a series' keywords: any keyword matches (each one's words all must). */
export function keywordQuery(keywords: readonly string[]): string | undefined {
  const terms = keywords.map((k) => toFtsQuery(k)).filter((q): q is string => q !== undefined);
  return terms.length === 0 ? undefined : terms.map((t) => `(${t})`).join(' OR ');
}

let apiReads: ClientRateLimit | undefined;

/**
 * Counts one data API read for the client address in memory (a read costs no database
 * write): the cluster primary's count for the whole machine behind several web processes
 * (`machineRateLimit`), this process's alone; a 429 with Retry-After past API_RATE_LIMIT a
 * minute.
 */
export async function takeApiRead(clientAddress: string, now: Date = new Date()): Promise<void> {
  apiReads ??= machineRateLimit('api-reads', appConfig().apiRateLimit);
  const waitMs = await apiReads.take(clientAddress, now.getTime());
  if (waitMs > 0) throw new RateLimitError(waitMs / 1000, messages.apiRateLimited);
}

/**
 * The query of a public data API read, parsed by `schema` (a 400 when bad), once the caller's
 * share of the API rate limit is taken (`takeApiRead`: a 429 past it).
 */
export async function apiReadQuery<S extends z.core.$ZodType>(
  schema: S,
  { request, url, clientAddress }: { request: Request; url: URL; clientAddress: string },
): Promise<z.output<S>> {
  const query = parseQuery(schema, url);
  await takeApiRead(getClientAddress(request, clientAddress));
  return query;
}
