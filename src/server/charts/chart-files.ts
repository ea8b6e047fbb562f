// A chart's files at its own address, /charts/{kind}/{key}.{ext}?{the view's query}: the SVG
// drawn by the server (flat and standalone, with its title, source line and address drawn in),
// the PNG librsvg makes of that same SVG, and exactly the figures it draws as CSV (ISO 8601
// times with their offset, the stored digits, units in the header) and JSON. Each kind reads its
// view (`services/charts/data-files.ts`: grid, states, reports; the grid's and states' files in their domains) through the service its page reads, so a file
// is tagged as its page is and the page cache drops it with the page when the figures change.
import { chartFilename } from '@/lib/chart-meta';
import { CHART_FILE_SIZE, type ChartSpec } from '@/lib/charts/chart-spec';
import { dataChartJson, dataChartSpec, dataChartTable, type DataChartSpec } from '@/lib/charts/specs/data-desk';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import { tableCsv, type ChartTable } from '@/lib/chart-table';
import { withPngText } from '@/lib/png-text';
import { SITE_NAME } from '@/lib/site';
import * as z from '@/lib/validation/zod-mini';
import { messages, NotFoundError, ValidationError } from '@/server/errors';
import { fieldErrors } from '@/server/http';
import { svgToPng } from '@/server/charts/svg-png';

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

/** A chart file's name (`TEX.svg`, `wti.png`) as its key and format; a 404 for any other name. */
export function chartFileName(file: string | undefined): { key: string; format: ChartFileFormat } {
  const m = /^([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\.(svg|png|csv|json)$/.exec(file ?? '');
  if (!m || (file ?? '').length > 200) throw new NotFoundError(messages.notFound);
  return { key: m[1] ?? '', format: m[2] as ChartFileFormat };
}

/**
 * A chart file's query read strictly with `schema`: each of its parameters at most once, every
 * value naming a view (`check` adds what the schema cannot know, e.g. which series exist, to
 * `errors`), else the contract's 400 naming each parameter. Parameters the schema does not read
 * are left alone (a tracking tag), as the page does.
 */
export function readChartFileQuery<S extends z.ZodMiniObject>(
  schema: S,
  params: URLSearchParams,
  check?: (query: z.output<S> | undefined, errors: Record<string, string[]>) => void,
): z.output<S> {
  const raw: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(schema.def.shape)) {
    const values = params.getAll(name);
    if (values.length > 1) errors[name] = [`${name} may be given once`];
    else if (values[0] !== undefined) raw[name] = values[0];
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error), errors);
  check?.(parsed.success ? parsed.data : undefined, errors);
  if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors, messages.invalidQuery);
  return parsed.data;
}

/** What a chart file is made of: the chart, the table of its figures, what its JSON says, and its page. */
export interface ChartFile {
  spec: ChartSpec;
  table: Pick<ChartTable, 'columns' | 'rows'>;
  /** Exactly what is drawn, as the JSON answers it. */
  json: unknown;
  /** The chart's page (the view it shows), absolute: drawn under the picture, in the PNG's text. */
  permalink: string;
  /** The files' name without extension. */
  filename: string;
}

/** A chart's file in `format`: its body and headers (any site may fetch it; a CSV is a download, the rest shown inline). */
export async function chartFileResponse(file: ChartFile, format: ChartFileFormat, theme: 'light' | 'dark'): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `${format === 'csv' ? 'attachment' : 'inline'}; filename="${file.filename}.${format}"`,
    'Access-Control-Allow-Origin': '*',
  };
  if (format === 'csv') return new Response(tableCsv(file.table), { headers });
  if (format === 'json') return new Response(JSON.stringify(file.json), { headers });
  const { spec } = file;
  const svg = renderSvgChart(
    { ...spec, source: `${spec.source} ${SITE_NAME}: ${file.permalink}` },
    { ...CHART_FILE_SIZE, theme, standalone: true, idPrefix: file.filename },
  );
  if (format === 'svg')
    return new Response(svg, { headers: { ...headers, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" } });
  // The PNG carries its title, source and address in the file too, where image viewers and search tools read them.
  const text = { Title: spec.title, Source: spec.source, Author: SITE_NAME, URL: file.permalink };
  return new Response(withPngText(new Uint8Array(await svgToPng(svg)), text), { headers });
}

/** A data desk chart's files: the chart with its note as subtitle, its table, its JSON, its page. */
export function dataDeskFile(spec: DataChartSpec, note: string, permalink: string, site: URL | string): ChartFile {
  return {
    spec: dataChartSpec(spec, note),
    table: dataChartTable(spec),
    json: dataChartJson(spec, note),
    permalink: new URL(permalink, site).href,
    filename: chartFilename(spec.id),
  };
}
