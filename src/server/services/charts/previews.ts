// Link-preview images of the data pages (`og:image`, `twitter:image`): each page's chart as a
// 1200×630 card (`chart-card.ts`) with its latest figure, date and source, at an address of its
// own under /og/. The address carries a version, a hash of everything the card shows (`?v=`), so
// a preview is cached for good wherever it was fetched and a page whose figures changed names a
// new one; the image is kept in the page cache with the tags of the data it draws (recorded by
// the services that read it, as for the page), so an import that changes the figures drops it.
import { RETAIL_SECTOR_SLUGS, type RetailSectorSlug } from '@db/catalog/states';
import { reportChartSpec } from '@/lib/charts/specs/reports';
import { formatValue } from '@/lib/charts/svg-parts';
import { gridRegionOf } from '@/lib/grid-format';
import { formatAsOf, isPeriod } from '@/lib/market-format';
import type { PageImage } from '@/lib/site';
import { seriesViewQuery, type SeriesView } from '@/lib/series-view';
import { stateCodeOf } from '@/lib/state-format';
import type { Report } from '@/lib/wire/markets';
import { OG_HEIGHT, OG_WIDTH } from '@/server/og-image';
import { chartCardAlt, chartCardVersion, renderChartCard, type ChartCard } from '@/server/charts/chart-card';
import { getGridCard, gridCard } from '@/server/services/grid/grid-card';
import { getStateCard, stateCard } from '@/server/services/states/state-card';
import type { GridHistory } from '@/lib/wire/grid';
import type { StateCharts } from '@/server/services/states/states';
import { NotFoundError, ValidationError, messages } from '@/server/errors';
import { slugParam } from '@/server/http';
import { getAnalysisPageData } from '@/server/services/analytics/content';
import { readChartQuery } from '@/server/services/charts/market-files';
import { getSeriesCard, seriesCard } from '@/server/services/markets/series-card';
import type { SeriesChart } from '@/server/services/markets/series-page';

/** The query parameter naming a preview's version. */
export const PREVIEW_VERSION_PARAM = 'v';

/** How a preview at its current version may be kept: for good (its address changes with what it shows). */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `path` (which may have a query) with a card's version added. */
function versioned(path: string, version: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${PREVIEW_VERSION_PARAM}=${version}`;
}

/** A page's preview image, for its head: the card's address at its current version, its size and what it shows in words. */
export function chartPreviewImage(path: string, card: ChartCard): PageImage {
  return { url: versioned(path, chartCardVersion(card)), width: OG_WIDTH, height: OG_HEIGHT, alt: chartCardAlt(card) };
}

/** The version a preview's address asks for: undefined when it names none; a 400 for one that is no version, or given twice. */
export function readPreviewVersion(params: URLSearchParams): string | undefined {
  const values = params.getAll(PREVIEW_VERSION_PARAM);
  if (values.length > 1) throw new ValidationError({ v: ['v may be given once'] }, messages.invalidQuery);
  const [value] = values;
  if (value !== undefined && !/^[a-z0-9]{16}$/.test(value))
    throw new ValidationError({ v: ['v must be a preview version (16 letters and digits)'] }, messages.invalidQuery);
  return value;
}

/**
 * The answer at a preview's address: the PNG when it asks for the card's current version, else a
 * redirect to the current one (an older version, none, or another spelling of the view); a 404
 * when the page has no chart.
 */
export async function chartPreviewResponse(
  card: ChartCard | undefined,
  canonicalPath: string,
  asked: { version: string | undefined; canonical: boolean },
): Promise<Response> {
  if (!card) throw new NotFoundError(messages.notFound);
  const current = chartCardVersion(card);
  if (asked.version !== current || !asked.canonical) {
    return new Response(null, { status: 302, headers: { Location: versioned(canonicalPath, current), 'Cache-Control': 'no-store' } });
  }
  const png = await renderChartCard(card);
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': PREVIEW_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Whether a query names exactly `query` (the canonical one, `?range=5y` or ""), leaving out the parameters in `ignored`. */
function isCanonical(params: URLSearchParams, query: string, ignored: readonly string[]): boolean {
  const given = new URLSearchParams([...params].filter(([name]) => !ignored.includes(name)));
  const text = given.toString().replace(/%2C/g, ',');
  return (text ? `?${text}` : '') === query;
}

/** The address of a series view's preview: `/og/markets/{slug}.png` with the view's query. */
export function seriesPreviewPath(slug: string, view: SeriesView): string {
  return `/og/markets/${slug}.png${seriesViewQuery(view)}`;
}

/** A series page's preview image, from the chart the page shows. */
export function seriesPreviewImage(slug: string, chart: Pick<SeriesChart, 'series' | 'figure' | 'view' | 'annotations'>): PageImage {
  return chartPreviewImage(seriesPreviewPath(slug, chart.view), seriesCard(chart));
}

/** GET /og/markets/{slug}.png?{view}&v=: a series view's preview; the view's query is read strictly (a 400 naming what is wrong). */
export async function seriesPreviewResponse(rawSlug: string | undefined, params: URLSearchParams): Promise<Response> {
  const slug = slugParam(rawSlug);
  const version = readPreviewVersion(params);
  const { view } = readChartQuery(slug, params);
  const card = await getSeriesCard(slug, view);
  const canonical = isCanonical(params, seriesViewQuery(view), [PREVIEW_VERSION_PARAM]);
  return chartPreviewResponse(card, seriesPreviewPath(slug, view), { version, canonical });
}

/** A grid page's preview address: `/og/grid/{REGION}.png` (the Lower 48's for /grid). */
export function gridPreviewPath(code: string): string {
  return `/og/grid/${code}.png`;
}

/** A grid page's preview image, from the week the page shows (none for a region the catalog lacks). */
export function gridPreviewImage(code: string, week: GridHistory): PageImage | undefined {
  const card = gridCard(code, week);
  return card && chartPreviewImage(gridPreviewPath(code), card);
}

/** GET /og/grid/{region}.png?v=: a grid page's preview, its week of demand (the region's code in any case; another spelling is sent to its one address). */
export async function gridPreviewResponse(rawCode: string | undefined, params: URLSearchParams): Promise<Response> {
  const region = rawCode && rawCode.length <= 8 ? gridRegionOf(rawCode) : undefined;
  if (!region) throw new NotFoundError(messages.gridRegionNotFound);
  const version = readPreviewVersion(params);
  const card = await getGridCard(region.code);
  const canonical = rawCode === region.code && isCanonical(params, '', [PREVIEW_VERSION_PARAM]);
  return chartPreviewResponse(card, gridPreviewPath(region.code), { version, canonical });
}

/** A state page's preview address: `/og/states/{CODE}.png`, with the price history's sector when not residential. */
export function statePreviewPath(code: string, sector: RetailSectorSlug): string {
  return `/og/states/${code}.png${sector === 'residential' ? '' : `?sector=${sector}`}`;
}

/** A state page's preview image, from the charts the page shows, for the sector its price history shows. */
export function statePreviewImage(charts: StateCharts, sector: RetailSectorSlug): PageImage {
  return chartPreviewImage(statePreviewPath(charts.state.code, sector), stateCard(charts, { chart: 'price', sector }));
}

/** GET /og/states/{code}.png?sector=&v=: a state page's preview, its price of the sector against the US average; the sector is read strictly. */
export async function statePreviewResponse(rawCode: string | undefined, params: URLSearchParams): Promise<Response> {
  const code = rawCode && rawCode.length === 2 ? stateCodeOf(rawCode) : undefined;
  if (!code) throw new NotFoundError(messages.notFound);
  const version = readPreviewVersion(params);
  const sectors = params.getAll('sector');
  const asked = sectors[0]?.toLowerCase() ?? 'residential';
  if (sectors.length > 1 || !(RETAIL_SECTOR_SLUGS as readonly string[]).includes(asked)) {
    throw new ValidationError({ sector: [`sector must be one of ${RETAIL_SECTOR_SLUGS.join(', ')}`] }, messages.invalidQuery);
  }
  const sector = asked as RetailSectorSlug;
  const card = await getStateCard(code, { chart: 'price', sector });
  const path = statePreviewPath(code, sector);
  const canonical = rawCode === code && isCanonical(params, path.slice(path.indexOf('.png') + 4), [PREVIEW_VERSION_PARAM]);
  return chartPreviewResponse(card, path, { version, canonical });
}

/**
 * A report's card: its chart, and the latest figure of its first series that has one (a line's
 * last value and day, a ranking's first bar, a share's largest slice), in the report's units.
 */
export function reportCard(report: Report): ChartCard {
  const spec = reportChartSpec(report);
  const suffix = spec.valueSuffix ?? '';
  const unit = report.chart.yTitle ? ` (${report.chart.yTitle})` : '';
  let figure: ChartCard['figure'];
  if (spec.mark === 'donut') {
    const slices = spec.series.map((s) => ({ name: s.name, value: s.points[0]?.y ?? null })).filter((s) => s.value !== null);
    const largest = slices.sort((a, b) => (b.value ?? 0) - (a.value ?? 0))[0];
    if (largest?.value != null) figure = { value: formatValue(largest.value, spec.decimals, suffix), label: `${largest.name}, the largest share` };
  } else {
    // The first series with a figure in the range (a series whose figures all fall outside it draws nothing).
    const first = spec.series.find((s) => s.points.some((p) => p.y !== null));
    const last = first?.points.findLast((p) => p.y !== null);
    if (first && last?.y != null) {
      const when = isPeriod(last.x) ? `, as of ${formatAsOf(last.x)}` : `, ${last.x}`;
      figure = { value: formatValue(last.y, spec.decimals, suffix), label: `${first.name}${unit}${when}` };
    }
  }
  return { spec, figure };
}

/** An analysis item's preview address: `/og/analytics/{id}.png`. */
export function analysisPreviewPath(id: number): string {
  return `/og/analytics/${id}.png`;
}

/** An analysis item's preview image, from the report its page shows. */
export function analysisPreviewImage(id: number, report: Report): PageImage {
  return chartPreviewImage(analysisPreviewPath(id), reportCard(report));
}

/** GET /og/analytics/{id}.png?v=: an analysis item's preview, its report's chart; a 404 for an unknown item or one without a chart. */
export async function analysisPreviewResponse(rawId: string | undefined, params: URLSearchParams): Promise<Response> {
  if (!rawId || !/^[1-9]\d{0,15}$/.test(rawId)) throw new NotFoundError(messages.notFound);
  const version = readPreviewVersion(params);
  const data = await getAnalysisPageData(Number(rawId));
  const card = data?.report && reportCard(data.report);
  return chartPreviewResponse(card, analysisPreviewPath(Number(rawId)), { version, canonical: isCanonical(params, '', [PREVIEW_VERSION_PARAM]) });
}
