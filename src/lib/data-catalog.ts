// The data catalog an editor cites from: every market series (by name, EIA id or keyword),
// every grid region, every state and every report view, each with the chart kind and key its
// chart block names (`src/lib/data-refs.ts`). Searched by the editor's insert dialog through
// GET /api/admin/catalog. Isomorphic: no server code.
import { GRID_REGIONS } from '@db/catalog/grid';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import type { ChartKind } from '@/lib/data-refs';
import { US_STATES } from '@/lib/energy';
import { REPORT_TITLES } from '@/lib/story-chart';
import { REPORT_KINDS } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';

/** One thing of the catalog an editor may cite: a chart of it always, a figure of it when `figure`. */
export interface CatalogEntry {
  kind: ChartKind;
  key: string;
  name: string;
  /** What it is, in a line: "EIA RWTC · $/bbl · daily". */
  detail: string;
  /** A figure of it may be cited (market series: their figures are kept with EIA's revisions). */
  figure: boolean;
}

interface Searchable extends CatalogEntry {
  /** Every word it is found by, lower case. */
  words: string;
  /** Exact codes it is found by first (its key, EIA's id). */
  codes: readonly string[];
}

const lower = (parts: readonly string[]) => parts.join(' ').toLowerCase();

const marketEntry = (s: MarketSeriesFacts): Searchable => ({
  kind: 'markets',
  key: s.slug,
  name: s.name,
  detail: `EIA ${s.eia.series} · ${s.unit} · ${s.frequency}${s.ended ? ' · ended' : ''}`,
  figure: true,
  words: lower([s.name, s.shortName, s.slug, s.eia.series, ...s.keywords, s.unit]),
  codes: [s.slug, s.eia.series.toLowerCase()],
});

const CATALOG: readonly Searchable[] = [
  ...(MARKET_SERIES as readonly MarketSeriesFacts[]).map(marketEntry),
  ...GRID_REGIONS.map((r) => ({
    kind: 'grid' as const,
    key: r.code,
    name: `${r.name} grid`,
    detail: `EIA-930 region ${r.code} · hourly demand and generation`,
    figure: false,
    words: lower([r.name, r.shortName, r.code, 'grid', 'demand', 'generation', 'region']),
    codes: [r.code.toLowerCase()],
  })),
  ...Object.entries(US_STATES).map(([code, name]) => ({
    kind: 'states' as const,
    key: code,
    name,
    detail: `State ${code} · monthly retail electricity price and generation`,
    figure: false,
    words: lower([name, code, 'state', 'retail price', 'electricity', 'generation']),
    codes: [code.toLowerCase()],
  })),
  ...REPORT_KINDS.map((kind) => ({
    kind: 'reports' as const,
    key: kind,
    name: REPORT_TITLES[kind],
    detail: 'Report view of the analytics page',
    figure: false,
    words: lower([REPORT_TITLES[kind], kind, 'report', 'analytics']),
    codes: [kind],
  })),
];

/** The most entries a search answers. */
export const CATALOG_RESULTS = 20;

/**
 * The catalog entries a query finds, best first: an exact key or EIA id, then names starting
 * with the query, then every entry holding all its words. An empty query lists the market
 * series (what stories cite most). With `figures`, only entries a figure may be cited of.
 */
export function searchDataCatalog(query: string, options: { figures?: boolean; limit?: number } = {}): CatalogEntry[] {
  const limit = options.limit ?? CATALOG_RESULTS;
  const q = query.trim().toLowerCase();
  const pool = CATALOG.filter((e) => !options.figures || e.figure);
  const rank = (e: Searchable) => (e.codes.includes(q) ? 0 : e.name.toLowerCase().startsWith(q) ? 1 : 2);
  const words = q.split(/\s+/).filter(Boolean);
  const found = q === '' ? pool.filter((e) => e.kind === 'markets') : pool.filter((e) => words.every((w) => e.words.includes(w)));
  return found
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .slice(0, limit)
    .map(({ e }) => ({ kind: e.kind, key: e.key, name: e.name, detail: e.detail, figure: e.figure }));
}

/** GET /api/admin/catalog: a search of the catalog (`q`, any words), figures only when `figures=1`. */
export const catalogQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(100, 'q must be at most 100 characters')), ''),
  figures: z.optional(z.enum(['1', '0'], 'figures must be 1 or 0')),
});

/** GET /api/admin/catalog/figure: a series' figure of a day (the latest on or before it), or its latest. */
export const catalogFigureQuerySchema = z.object({
  series: z.enum(MARKET_SERIES.map((s) => s.slug) as [string, ...string[]], 'series must be a series of the catalog'),
  date: z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be written YYYY-MM-DD'),
      z.refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, 'date is not a calendar date'),
    ),
  ),
});
