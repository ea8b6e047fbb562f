// A series page's chart view, as its address says it: the range, the series compared with it,
// the measure and whether EIA's forecast and the futures strip are drawn. The page, its embed
// (`/embed/markets/{slug}`) and every link between views read and write it here, so a shared
// address reopens the same view, rendered on the server. Isomorphic: no server code.
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { chartFilename, type ChartMeta } from '@/lib/chart-meta';
import type { SeriesRange } from '@/lib/series-stats';
import { seriesPageQuerySchema, type SERIES_MEASURES } from '@/lib/validation/series-query';
import * as z from '@/lib/validation/zod-mini';

export type SeriesMeasure = (typeof SERIES_MEASURES)[number];
export const SERIES_MEASURE_LABELS: Record<SeriesMeasure, string> = { level: 'Level', index: 'Rebased to 100', yoy: 'Year-over-year %' };

/** The most series compared with a page's own (four lines in all). */
export const MAX_COMPARED = 3;

/** The query parameters a series view reads: the page cache keys the page by exactly these. */
export const SERIES_VIEW_PARAMS = ['range', 'compare', 'measure', 'outlook'] as const satisfies readonly (keyof z.input<
  typeof seriesPageQuerySchema
>)[];

export interface SeriesView {
  range: SeriesRange;
  /** Series drawn with the page's own, in the order chosen (catalog or derived slugs). */
  compare: string[];
  measure: SeriesMeasure;
  /** Whether EIA's forecast and the futures strip of the page's series are drawn (when it has them). */
  outlook: boolean;
}

export const DEFAULT_SERIES_VIEW: Readonly<SeriesView> = { range: '1y', compare: [], measure: 'level', outlook: true };

/**
 * A line computed from stored series: `spread`, `of[0]` minus `of[1]` on the periods both have;
 * `five-year-gap`, a weekly series minus the average of the same week in the five years before.
 */
export type DerivedLine = {
  slug: string;
  name: string;
  unit: string;
  decimals: number;
  /** Its color on every chart (as a catalog series has its own). */
  color: string;
  description: string;
} & ({ kind: 'spread'; of: readonly [string, string] } | { kind: 'five-year-gap'; of: readonly [string] });

/** The derived lines analysts watch, offered beside the catalog's series. */
export const DERIVED_LINES: readonly DerivedLine[] = [
  {
    slug: 'wti-brent-spread',
    kind: 'spread',
    name: 'WTI–Brent spread',
    unit: '$/bbl',
    decimals: 2,
    color: '#64748b',
    of: ['wti', 'brent'],
    description: 'WTI minus Brent, on the days both are quoted: negative when Brent trades over WTI.',
  },
  {
    slug: 'gas-storage-vs-five-year',
    kind: 'five-year-gap',
    name: 'Gas storage vs five-year average',
    unit: 'Bcf',
    decimals: 0,
    color: '#b45309',
    of: ['gas-storage'],
    description: 'Working gas in storage minus the average of the same week in the five years before: above zero, fuller than usual.',
  },
];

/** The series a view may compare with: every observed catalog series (not the forecasts and futures) and the derived lines. */
export function comparableSeries(): { slug: string; name: string }[] {
  const observed = (MARKET_SERIES as readonly MarketSeriesFacts[]).filter((s) => !s.outlook);
  return [...observed.map((s) => ({ slug: s.slug, name: s.name })), ...DERIVED_LINES.map((d) => ({ slug: d.slug, name: d.name }))];
}

const COMPARABLE = new Set(comparableSeries().map((s) => s.slug));

/**
 * A series page's view from its query, leniently (`seriesPageQuerySchema`): unknown or repeated
 * compared series are dropped, the page's own series too, and at most MAX_COMPARED kept. The
 * page answers any other spelling of a view with a redirect to `seriesViewQuery(view)`, so each
 * view has one address (and one page-cache entry).
 */
export function parseSeriesView(slug: string, params: URLSearchParams): SeriesView {
  const raw = (name: (typeof SERIES_VIEW_PARAMS)[number]) => {
    // The compare form sends one `compare` per choice; a permalink one comma list.
    const values = params.getAll(name).filter(Boolean);
    return values.length === 0 ? undefined : name === 'compare' ? values.join(',') : values[0];
  };
  const query = z.parse(seriesPageQuerySchema, Object.fromEntries(SERIES_VIEW_PARAMS.map((name) => [name, raw(name)])));
  const compare: string[] = [];
  for (const s of query.compare) {
    if (COMPARABLE.has(s) && s !== slug && !compare.includes(s) && compare.length < MAX_COMPARED) compare.push(s);
  }
  return { range: query.range, compare, measure: query.measure, outlook: query.outlook === 'show' };
}

/** The canonical query of a view (defaults left out, so the plain address is the default view): "" or "?range=5y&compare=brent". */
export function seriesViewQuery(view: SeriesView): string {
  const params = new URLSearchParams();
  if (view.range !== DEFAULT_SERIES_VIEW.range) params.set('range', view.range);
  if (view.compare.length > 0) params.set('compare', view.compare.join(','));
  if (view.measure !== DEFAULT_SERIES_VIEW.measure) params.set('measure', view.measure);
  if (!view.outlook) params.set('outlook', 'hide');
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/**
 * A series page's view from its address, and where to send a reader whose address spells the
 * view otherwise than its one address does (the compare form's query, `range=5Y`, an unknown
 * series): undefined when it is that address. Parameters that are no part of a view stay out
 * of it (and of the page cache's key).
 */
export function readSeriesView(slug: string, params: URLSearchParams, embed = false): { view: SeriesView; redirect: string | undefined } {
  const view = parseSeriesView(slug, params);
  const given = new URLSearchParams([...params].filter(([name]) => (SERIES_VIEW_PARAMS as readonly string[]).includes(name)));
  const query = given.toString().replace(/%2C/g, ',');
  return { view, redirect: (query ? `?${query}` : '') === seriesViewQuery(view) ? undefined : seriesViewPath(slug, view, embed) };
}

/** What a chart's figure (a `SeriesFigure`, `series-figure.ts`, which builds on the views here) says about itself. */
interface FigureLabels {
  title: string;
  subtitle: string;
  source: string;
  asOf: string;
  notes: string[];
  axes: readonly { title: string }[];
}

/** What a series view's chart says about itself: its title, source and as-of date, its permalink and embed (absolute on `site`). */
export function seriesChartMeta(slug: string, figure: FigureLabels, view: SeriesView, site: URL | string): ChartMeta & { permalinkPath: string } {
  const permalinkPath = seriesViewPath(slug, view);
  return {
    title: figure.title,
    subtitle: figure.subtitle,
    units: figure.axes.map((a) => a.title).join(' · '),
    source: figure.source,
    asOf: figure.asOf,
    notes: figure.notes,
    permalink: new URL(permalinkPath, site).href,
    permalinkPath,
    embed: new URL(seriesViewPath(slug, view, true), site).href,
    filename: chartFilename(slug, ...view.compare, view.measure === 'level' ? '' : view.measure, view.range),
  };
}

/** The address of a series' view on the site (`/markets/{slug}…`) or as an embed (`/embed/markets/{slug}…`). */
export function seriesViewPath(slug: string, view: SeriesView, embed = false): string {
  return `${embed ? '/embed' : ''}/markets/${slug}${seriesViewQuery(view)}`;
}

/** The address of a series view's chart files (`/charts/markets/{slug}.svg|.png|.csv|.json`) and the view's query they take. */
export function seriesChartFiles(slug: string, view: SeriesView): { path: string; query: string } {
  return { path: `/charts/markets/${slug}`, query: seriesViewQuery(view) };
}

/** The view with some of its settings changed. */
export function withView(view: SeriesView, change: Partial<SeriesView>): SeriesView {
  return { ...view, ...change };
}

/** The derived line of a slug, if it is one. */
export function derivedLine(slug: string): DerivedLine | undefined {
  return DERIVED_LINES.find((d) => d.slug === slug);
}
