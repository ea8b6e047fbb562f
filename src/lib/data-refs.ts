// Figures and charts cited in an article's body, stored as references to the data, never as
// typed text or pasted markup:
//   <data-figure series="wti" date="2026-11-25" value="78.31"></data-figure>
//     one figure of a market series: its period and the value the story states (as published);
//   <data-chart kind="markets" key="wti" range="5y" compare="brent" caption="…"></data-chart>
//     one chart view of the data catalog (`/charts/{kind}/{key}`), drawn on the server.
// The editor writes them, the sanitizer keeps exactly these (with valid attributes) and nothing
// else new, the save records them in `article_citations`, and readers' pages, feeds and mails
// draw them from the data. One schema for all of them, here. Isomorphic: no server code.
import { MARKET_SERIES_SLUGS } from '@db/catalog/market-series';
import { GRID_REGION_CODES } from '@db/catalog/grid';
import { US_STATES } from '@/lib/energy';
import { SERIES_RANGES } from '@/lib/series-stats';
import { comparableSeries, derivedLine, MAX_COMPARED } from '@/lib/series-view';
import { GRID_CHARTS } from '@/lib/validation/grid-query';
import { STATE_CHARTS } from '@/lib/validation/state-query';
import { REPORT_KINDS, REPORT_RANGES } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';
import { escapeMarkup } from '@/lib/markup';

/** The element names, as stored. */
export const FIGURE_TAG = 'data-figure';
export const CHART_TAG = 'data-chart';

/** The catalog kinds a chart block draws, as the chart addresses name them (`/charts/{kind}/{key}`). */
export const CHART_KINDS = ['markets', 'grid', 'states', 'reports'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** The longest caption a chart block keeps. */
export const CHART_CAPTION_MAX = 200;

const calendarDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be written YYYY-MM-DD'),
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date is not a calendar date'),
);

/** A figure's value as the story states it: a plain decimal number (no exponent, no unit). */
const decimal = z.string().check(
  // As many digits as a double prints (`String(value)` round-trips): EIA sends up to 11 decimals.
  z.regex(/^-?\d{1,15}(?:\.\d{1,17})?$/, 'value must be a decimal number'),
  z.refine((v) => Number.isFinite(Number(v)), 'value must be a decimal number'),
);

/** A figure reference's attributes. */
export const figureRefSchema = z.strictObject({
  series: z.enum(MARKET_SERIES_SLUGS as readonly [string, ...string[]], 'series must be a series of the catalog'),
  date: calendarDay,
  value: decimal,
});
export type FigureRef = z.output<typeof figureRefSchema>;

const COMPARABLE = new Set(comparableSeries().map((s) => s.slug));
const STATE_CODES = Object.keys(US_STATES);

/** A caption: one line of plain text (the page escapes it); no control characters. */
const caption = z.optional(
  z
    .string()
    .check(
      z.maxLength(CHART_CAPTION_MAX, `caption must be at most ${CHART_CAPTION_MAX} characters`),
      z.regex(/^[^\u0000-\u001f\u007f]*$/, 'caption must be one line of text'),
    ),
);

/** A comma list of series compared with a market chart's own: catalog or derived slugs, at most MAX_COMPARED, none twice. */
const compareList = z.string().check(
  z.regex(/^[a-z0-9-]+(?:,[a-z0-9-]+)*$/, 'compare must be a comma list of series'),
  z.refine((v) => {
    const list = v.split(',');
    return list.length <= MAX_COMPARED && new Set(list).size === list.length && list.every((s) => COMPARABLE.has(s));
  }, `compare names at most ${MAX_COMPARED} different series of the catalog`),
);

const oneOf = <T extends string>(values: readonly T[], what: string) => z.enum(values as readonly [T, ...T[]], `${what} is unknown`);

/**
 * A chart block's attributes, by kind: a market series view (range, compared series), a grid
 * region's or a state's chart (`chart`: which of its page's charts), or a report view (range).
 */
export const chartRefSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('markets'),
      key: oneOf(MARKET_SERIES_SLUGS, 'series'),
      range: z.optional(oneOf(SERIES_RANGES, 'range')),
      compare: z.optional(compareList),
      caption,
    }),
    z.strictObject({ kind: z.literal('grid'), key: oneOf(GRID_REGION_CODES, 'region'), chart: z.optional(oneOf(GRID_CHARTS, 'chart')), caption }),
    z.strictObject({ kind: z.literal('states'), key: oneOf(STATE_CODES, 'state'), chart: z.optional(oneOf(STATE_CHARTS, 'chart')), caption }),
    z.strictObject({ kind: z.literal('reports'), key: oneOf(REPORT_KINDS, 'report'), range: z.optional(oneOf(REPORT_RANGES, 'range')), caption }),
  ])
  .check(
    z.refine((c) => c.kind !== 'markets' || !c.compare || !c.compare.split(',').includes(c.key), {
      message: 'compare must not name the chart’s own series',
      path: ['compare'],
    }),
  );
export type ChartRef = z.output<typeof chartRefSchema>;

/** The attribute names each element may carry, in the order they are written. */
export const FIGURE_ATTRIBUTES = ['series', 'date', 'value'] as const;
export const CHART_ATTRIBUTES = ['kind', 'key', 'range', 'compare', 'chart', 'caption'] as const;
/** The attributes a chart block of each kind reads. */
const CHART_KIND_ATTRIBUTES: Record<ChartKind, readonly (typeof CHART_ATTRIBUTES)[number][]> = {
  markets: ['kind', 'key', 'range', 'compare', 'caption'],
  grid: ['kind', 'key', 'chart', 'caption'],
  states: ['kind', 'key', 'chart', 'caption'],
  reports: ['kind', 'key', 'range', 'caption'],
};

/** A reference found in a body: a figure or a chart block, in the order they appear. */
export type DataRef = { element: 'figure'; ref: FigureRef } | { element: 'chart'; ref: ChartRef };

const pick = (attributes: Readonly<Record<string, string>>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(attributes).filter(([name, v]) => names.includes(name) && v !== ''));

/**
 * The reference an element's attributes make, or undefined when they make none (an unknown
 * series, kind, range or region; a value that is no number; a date that is no day). Empty
 * attributes count as absent. Strict, an attribute the element does not read makes it invalid;
 * `lenient` (the sanitizer's), such an attribute is dropped.
 */
export function parseRefAttributes(tag: string, attributes: Readonly<Record<string, string>>, lenient = false): DataRef | undefined {
  if (tag === FIGURE_TAG) {
    const parsed = z.safeParse(figureRefSchema, lenient ? pick(attributes, FIGURE_ATTRIBUTES) : pick(attributes, Object.keys(attributes)));
    return parsed.success ? { element: 'figure', ref: parsed.data } : undefined;
  }
  if (tag === CHART_TAG) {
    const kind = CHART_KINDS.find((k) => k === attributes['kind']);
    if (!kind) return undefined;
    const names: readonly string[] = CHART_KIND_ATTRIBUTES[kind];
    const parsed = z.safeParse(chartRefSchema, lenient ? pick(attributes, names) : pick(attributes, Object.keys(attributes)));
    return parsed.success ? { element: 'chart', ref: parsed.data } : undefined;
  }
  return undefined;
}

/** A reference's attributes as stored, in their written order. */
export function refAttributes(ref: DataRef): Record<string, string> {
  const names: readonly string[] = ref.element === 'figure' ? FIGURE_ATTRIBUTES : CHART_ATTRIBUTES;
  const values = ref.ref as Record<string, string | undefined>;
  return Object.fromEntries(names.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])));
}

const unescapeAttribute = (v: string) =>
  v.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_m, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e] ?? '');

/** A reference as stored: `<data-figure series="wti" date="…" value="…"></data-figure>`. */
export function refHtml(ref: DataRef): string {
  const tag = ref.element === 'figure' ? FIGURE_TAG : CHART_TAG;
  const attributes = Object.entries(refAttributes(ref))
    .map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`)
    .join('');
  return `<${tag}${attributes}></${tag}>`;
}

/** A stored reference element (sanitized, so written as `refHtml` writes it, and always empty). */
const REF_ELEMENT = /<(data-figure|data-chart)((?:\s+[a-z]+="[^"]*")*)\s*><\/\1>/g;
const ATTRIBUTE = /([a-z]+)="([^"]*)"/g;

/**
 * Each reference of a sanitized body with its place (`index`, `length`), in order; an element
 * whose attributes are not valid (which the sanitizer never keeps) is skipped.
 */
export function findRefs(html: string): { ref: DataRef; index: number; length: number }[] {
  const found: { ref: DataRef; index: number; length: number }[] = [];
  for (const match of html.matchAll(REF_ELEMENT)) {
    const attributes = Object.fromEntries([...(match[2] ?? '').matchAll(ATTRIBUTE)].map((a) => [a[1] ?? '', unescapeAttribute(a[2] ?? '')]));
    const ref = parseRefAttributes(match[1] ?? '', attributes);
    if (ref) found.push({ ref, index: match.index, length: match[0].length });
  }
  return found;
}

/** A body with each reference replaced by what `render` makes of it (references it cannot read are removed). */
export function replaceRefs(html: string, render: (ref: DataRef) => string): string {
  let out = '';
  let at = 0;
  for (const { ref, index, length } of findRefs(html)) {
    out += html.slice(at, index) + render(ref);
    at = index + length;
  }
  return (out + html.slice(at)).replace(REF_ELEMENT, '');
}

/** The stored series a market chart draws: its own and those it compares (a derived line by the series it is made of). */
export function chartSeries(ref: Extract<ChartRef, { kind: 'markets' }>): string[] {
  const compared = ref.compare?.split(',') ?? [];
  return [...new Set([ref.key, ...compared.flatMap((s) => derivedLine(s)?.of ?? [s])])];
}

/** The market series a reference shows: a figure's; a market chart's own and compared ones; none for other charts. */
export function seriesOfRef(ref: DataRef): string[] {
  if (ref.element === 'figure') return [ref.ref.series];
  return ref.ref.kind === 'markets' ? chartSeries(ref.ref) : [];
}

/** The chart address of a chart block (`/charts/{kind}/{key}.{ext}` with its view's query). */
export function chartRefPath(ref: ChartRef, ext: 'svg' | 'png' | 'csv' | 'json'): string {
  const params = new URLSearchParams();
  if ('range' in ref && ref.range) params.set('range', ref.range);
  if ('compare' in ref && ref.compare) params.set('compare', ref.compare);
  if ('chart' in ref && ref.chart) params.set('chart', ref.chart);
  const query = params.toString().replace(/%2C/g, ',');
  return `/charts/${ref.kind}/${ref.key}.${ext}${query ? `?${query}` : ''}`;
}
