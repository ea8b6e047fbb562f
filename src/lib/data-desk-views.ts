// The addresses of the data desk's charts: each chart's view on its page (the permalink) and
// alone as an embed (`/embed/grid/{REGION}`, `/embed/states/{CODE}`). Each view has one
// spelling (codes upper case, defaults left out), so the page cache holds one entry per view;
// `readGridEmbed` and `readStateEmbed` name the redirect from any other. Isomorphic.
import type { GridRegion } from '@db/catalog/grid';
import type { RetailSectorSlug } from '@db/catalog/states';
import { gridPagePath, gridRegionOf } from '@/lib/grid-format';
import { stateCodeOf } from '@/lib/state-format';
import { gridChartParam, type GRID_CHARTS } from '@/lib/validation/grid-query';
import { sectorParam, stateChartParam } from '@/lib/validation/state-query';
import * as z from '@/lib/validation/zod-mini';

export type GridChartKind = (typeof GRID_CHARTS)[number];
export type StateChartView = { chart: 'price'; sector: RetailSectorSlug } | { chart: 'generation' };

/** The query parameters each embed reads: its cache key, and what its one address may carry. */
export const GRID_EMBED_PARAMS = ['chart'] as const;
export const STATE_EMBED_PARAMS = ['chart', 'sector'] as const;

/** A grid chart's address: its region's page (the week shows both charts), or its embed. */
export function gridChartPath(code: string, chart: GridChartKind, embed = false): string {
  if (!embed) return gridPagePath(code);
  return `/embed/grid/${code}${chart === 'demand' ? '' : `?chart=${chart}`}`;
}

/** The address of a region's chart files (`/charts/grid/{REGION}.svg|.png|.csv|.json`); the query is its embed's (`?chart=`). */
export function gridChartFiles(code: string): string {
  return `/charts/grid/${code}`;
}

/** The address of a state's chart files (`/charts/states/{CODE}.svg|.png|.csv|.json`); the query is its embed's (`?chart=`, `?sector=`). */
export function stateChartFiles(code: string): string {
  return `/charts/states/${code}`;
}

/** A state chart's address: the state's page with the price history's sector, or the chart's embed. */
export function stateChartPath(code: string, view: StateChartView, embed = false): string {
  const query = view.chart === 'generation' ? (embed ? '?chart=generation' : '') : view.sector === 'residential' ? '' : `?sector=${view.sector}`;
  return `${embed ? '/embed' : ''}/states/${code}${query}`;
}

/** The address as requested, with only the parameters a view reads (any other, a tracking tag, is not part of it). */
function requested(pathname: string, params: URLSearchParams, read: readonly string[]): string {
  const kept = new URLSearchParams([...params].filter(([name]) => read.includes(name)));
  return kept.size > 0 ? `${pathname}?${kept}` : pathname;
}

/**
 * The grid chart an embed address names (`/embed/grid/{region}?chart=`), with the redirect to
 * its one address when spelled otherwise; undefined for an unknown region or chart.
 */
export function readGridEmbed(
  code: string,
  params: URLSearchParams,
): { region: GridRegion; chart: GridChartKind; redirect: string | undefined } | undefined {
  const region = code.length <= 8 ? gridRegionOf(code) : undefined;
  const chart = z.safeParse(gridChartParam, params.get('chart') ?? undefined);
  if (!region || !chart.success) return undefined;
  const path = gridChartPath(region.code, chart.data, true);
  return { region, chart: chart.data, redirect: requested(`/embed/grid/${code}`, params, GRID_EMBED_PARAMS) === path ? undefined : path };
}

/**
 * The state chart an embed address names (`/embed/states/{code}?chart=&sector=`), with the
 * redirect to its one address when spelled otherwise (an unknown sector is the default's);
 * undefined for an unknown state or chart.
 */
export function readStateEmbed(
  code: string,
  params: URLSearchParams,
): { code: string; view: StateChartView; redirect: string | undefined } | undefined {
  const state = stateCodeOf(code);
  const chart = z.safeParse(stateChartParam, params.get('chart') ?? undefined);
  if (!state || !chart.success) return undefined;
  const view: StateChartView =
    chart.data === 'generation' ? { chart: 'generation' } : { chart: 'price', sector: z.parse(sectorParam, params.get('sector') ?? undefined) };
  const path = stateChartPath(state, view, true);
  return { code: state, view, redirect: requested(`/embed/states/${code}`, params, STATE_EMBED_PARAMS) === path ? undefined : path };
}
