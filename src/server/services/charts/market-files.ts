// A series view's chart as files at its own address, /charts/markets/{slug}.{ext}?{the page's
// query}: the SVG drawn by the server (flat and standalone, with its title, source line and
// address drawn in), the PNG librsvg makes of that same SVG, and exactly the figures it draws as
// CSV (ISO 8601 dates, the stored digits, units in the header) and JSON (`chart-files.ts`). Read through the series
// page's service, so a file is tagged as the page is (`market`) and the page cache drops it with
// the page when an import changes the figures.
import { seriesChartSpec, seriesLineColor } from '@/lib/charts/specs/series';
import { seriesFigureTable, type SeriesFigure } from '@/lib/series-figure';
import { comparableSeries, MAX_COMPARED, seriesChartMeta, type SeriesView } from '@/lib/series-view';
import { seriesChartQuerySchema } from '@/lib/validation/series-query';
import { messages, NotFoundError } from '@/server/errors';
import { chartFileName, chartFileResponse, readChartFileQuery } from '@/server/charts/chart-files';
import { getSeriesChart } from '@/server/services/markets/series-page';

const COMPARABLE = new Set(comparableSeries().map((s) => s.slug));

/** The view and theme a chart file's query names, strictly: a 400 naming each parameter that names no view. */
export function readChartQuery(slug: string, params: URLSearchParams): { view: SeriesView; theme: 'light' | 'dark' } {
  const query = readChartFileQuery(seriesChartQuerySchema, params, (query, errors) => {
    const compare = query?.compare ?? [];
    const unknown = compare.filter((s) => !COMPARABLE.has(s) || s === slug);
    if (unknown.length > 0) errors['compare'] ??= [`compare names no other series: ${unknown.join(', ')}`];
    else if (new Set(compare).size !== compare.length) errors['compare'] ??= ['compare names a series twice'];
    else if (compare.length > MAX_COMPARED) errors['compare'] ??= [`compare takes at most ${MAX_COMPARED} series`];
  });
  return { view: { range: query.range, compare: query.compare, measure: query.measure, outlook: query.outlook === 'show' }, theme: query.theme };
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
  const { key: slug, format } = chartFileName(file);
  // Series slugs are lower case: any other spelling names no series.
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new NotFoundError(messages.notFound);
  const { view, theme } = readChartQuery(slug, params);
  const chart = await getSeriesChart(slug, view);
  if (!chart) throw new NotFoundError(messages.seriesNotFound);
  const meta = seriesChartMeta(slug, chart.figure, view, site);
  const json = { ...seriesChartJson(chart.figure, meta), annotations: chart.annotations.map(({ from, to, label }) => ({ from, to, label })) };
  return chartFileResponse(
    {
      spec: seriesChartSpec(chart.figure, chart.annotations),
      table: seriesFigureTable(chart.figure),
      json,
      permalink: meta.permalink,
      filename: meta.filename,
    },
    format,
    theme,
  );
}
