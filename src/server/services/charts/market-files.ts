// A series view's chart as files at its own address, /charts/markets/{slug}.{ext}?{the page's
// query}: the SVG drawn by the server (flat and standalone, with its title, source line and
// address drawn in), the PNG librsvg makes of that same SVG, and exactly the figures it draws as
// CSV (ISO 8601 dates, the stored digits, units in the header) and JSON. Read through the series
// page's service, so a file is tagged as the page is (`market`) and the page cache drops it with
// the page when an import changes the figures.
import { CHART_FILE_SIZE } from '@/lib/charts/chart-spec';
import { seriesChartSpec, seriesLineColor } from '@/lib/charts/specs/series';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { tableCsv } from '@/lib/chart-table';
import { withPngText } from '@/lib/png-text';
import { SITE_NAME } from '@/lib/site';
import { seriesFigureTable, type SeriesFigure } from '@/lib/series-figure';
import { comparableSeries, MAX_COMPARED, seriesChartMeta, type SeriesView } from '@/lib/series-view';
import { seriesChartQuerySchema } from '@/lib/validation/series-query';
import * as z from '@/lib/validation/zod-mini';
import { messages, NotFoundError, ValidationError } from '@/server/errors';
import { fieldErrors } from '@/server/http';
import { svgToPng } from '@/server/charts/svg-png';
import { getSeriesChart } from '@/server/services/markets/series-page';

/** The formats of a chart file. */
export const CHART_FILE_FORMATS = ['svg', 'png', 'csv', 'json'] as const;
export type ChartFileFormat = (typeof CHART_FILE_FORMATS)[number];

export { CHART_FILE_SIZE };

const CONTENT_TYPES: Record<ChartFileFormat, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A chart file's name (`wti.svg`) as its slug and format; a 404 for any other name. */
export function chartFileName(file: string | undefined): { slug: string; format: ChartFileFormat } {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(svg|png|csv|json)$/.exec(file ?? '');
  if (!m || (file ?? '').length > 200) throw new NotFoundError(messages.notFound);
  return { slug: m[1] ?? '', format: m[2] as ChartFileFormat };
}

const COMPARABLE = new Set(comparableSeries().map((s) => s.slug));

/** The view and theme a chart file's query names, strictly: a 400 naming each parameter that names no view. */
export function readChartQuery(slug: string, params: URLSearchParams): { view: SeriesView; theme: 'light' | 'dark' } {
  const raw: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(seriesChartQuerySchema.def.shape)) {
    const values = params.getAll(name);
    if (values.length > 1) errors[name] = [`${name} may be given once`];
    else if (values[0] !== undefined) raw[name] = values[0];
  }
  const parsed = z.safeParse(seriesChartQuerySchema, raw);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), errors);
  const query = parsed.success ? parsed.data : undefined;
  const compare = query?.compare ?? [];
  const unknown = compare.filter((s) => !COMPARABLE.has(s) || s === slug);
  if (unknown.length > 0) errors['compare'] ??= [`compare names no other series: ${unknown.join(', ')}`];
  else if (new Set(compare).size !== compare.length) errors['compare'] ??= ['compare names a series twice'];
  else if (compare.length > MAX_COMPARED) errors['compare'] ??= [`compare takes at most ${MAX_COMPARED} series`];
  if (!query || Object.keys(errors).length > 0) throw new ValidationError(errors, messages.invalidQuery);
  return { view: { range: query.range, compare, measure: query.measure, outlook: query.outlook === 'show' }, theme: query.theme };
}

/** Exactly what a series view's chart draws: each line with its color, stroke, axis and points, and the five-year range. */
export function seriesChartJson(figure: SeriesFigure, meta: { permalink: string }) {
  return {
    title: figure.title,
    subtitle: figure.subtitle,
    source: figure.source,
    asOf: figure.asOf,
    notes: figure.notes,
    sample: figure.sample,
    measure: figure.measure,
    permalink: meta.permalink,
    axes: figure.axes.map((a, i) => ({ side: i === 0 ? 'left' : 'right', title: a.title })),
    lines: figure.lines.map((l) => ({
      key: l.key,
      name: l.name,
      kind: l.kind,
      unit: l.unit,
      axis: l.axis === 1 ? 'right' : 'left',
      color: seriesLineColor(l),
      ...(l.continues ? { continues: l.continues } : {}),
      points: l.points,
    })),
    band: figure.band,
  };
}

/** A series view's chart file: its body and headers; a 404 for an unknown series, a 400 for a query that names no view. */
export async function marketChartFile(file: string | undefined, params: URLSearchParams, site: URL | string): Promise<Response> {
  const { slug, format } = chartFileName(file);
  const { view, theme } = readChartQuery(slug, params);
  const chart = await getSeriesChart(slug, view);
  if (!chart) throw new NotFoundError(messages.seriesNotFound);
  const meta = seriesChartMeta(slug, chart.figure, view, site);
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `${format === 'csv' ? 'attachment' : 'inline'}; filename="${meta.filename}.${format}"`,
    'Access-Control-Allow-Origin': '*',
  };
  if (format === 'csv') return new Response(tableCsv(seriesFigureTable(chart.figure)), { headers });
  if (format === 'json')
    return new Response(
      JSON.stringify({ ...seriesChartJson(chart.figure, meta), annotations: chart.annotations.map(({ from, to, label }) => ({ from, to, label })) }),
      { headers },
    );
  const spec = seriesChartSpec(chart.figure, chart.annotations);
  const svg = renderSvgChart(
    { ...spec, source: `${spec.source} ${SITE_NAME}: ${meta.permalink}` },
    { ...CHART_FILE_SIZE, theme, standalone: true, idPrefix: slug },
  );
  if (format === 'svg')
    return new Response(svg, { headers: { ...headers, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" } });
  // The PNG carries its title, source and address in the file too, where image viewers and search tools read them.
  const text = { Title: spec.title, Source: spec.source, Author: SITE_NAME, URL: meta.permalink };
  return new Response(withPngText(new Uint8Array(await svgToPng(svg)), text), { headers });
}
