// The chart files: a chart view drawn on the server at an address of its own
// (/charts/{kind}/{key}.{svg,png,csv,json}), beside the services that answer them
// (market-files.ts). Part of the API document: src/server/openapi.ts assembles every domain's part.
import { MAX_COMPARED } from '@/lib/series-view';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { seriesChartQuerySchema } from '@/lib/validation/series-query';
import * as z from '@/lib/validation/zod-mini';
import { TAG, ok, open, pathParam, type DomainPaths } from '@/server/api-operations';
import { CHART_FILE_FORMATS, CHART_FILE_SIZE } from '@/server/services/charts/market-files';

const point = z.tuple([z.string(), z.number()]);

/** What the JSON of a series view's chart holds (`seriesChartJson`). */
const seriesChartFileSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  source: z.string(),
  asOf: z.string(),
  notes: z.array(z.string()),
  sample: z.boolean(),
  measure: z.enum(['level', 'index', 'yoy']),
  permalink: z.string(),
  axes: z.array(z.object({ side: z.enum(['left', 'right']), title: z.string() })),
  lines: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      kind: z.enum(['observed', 'derived', 'forecast', 'futures', 'average']),
      unit: z.string(),
      axis: z.enum(['left', 'right']),
      color: z.string(),
      continues: z.optional(z.string()),
      points: z.array(point),
    }),
  ),
  band: z.nullable(
    z.object({ name: z.string(), unit: z.string(), decimals: z.number(), points: z.array(z.tuple([z.string(), z.number(), z.number()])) }),
  ),
  annotations: z.array(z.object({ from: z.string(), to: z.nullable(z.string()), label: z.string() })),
});

export const chartPaths: DomainPaths = {
  '/charts/markets/{file}': {
    get: open([TAG.data], {
      operationId: 'getSeriesChartFile',
      summary: 'A series view’s chart as SVG or PNG, or exactly its figures as CSV or JSON',
      description:
        `The chart of \`/markets/{slug}\` with the same query, drawn on the server: a flat, standalone SVG of ${CHART_FILE_SIZE.width}×${CHART_FILE_SIZE.height} ` +
        '(title, legend, axes with units, source line and the view’s address drawn in; no script, no foreignObject, no nested <svg>), ' +
        'its PNG at twice the size (title, source and address also as PNG text), the figures it draws as CSV (ISO 8601 dates, every stored digit, units in the header) ' +
        'or as JSON (each line with its kind, unit, axis and color, the axes, the five-year range, the newsroom’s annotations). ' +
        'Cached as the page is and purged with it when an import changes the figures. A value that names no view is a 400 naming the parameter.',
      path: {
        file: pathParam(
          `The series’ slug and the format: \`{slug}.{${CHART_FILE_FORMATS.join(',')}}\`, e.g. \`wti.svg\`. Slugs: ${SERIES_SLUGS.join(', ')}.`,
        ),
      },
      query: {
        schema: seriesChartQuerySchema,
        about: {
          range: 'How far back, as the page’s range links say it.',
          compare: `Up to ${MAX_COMPARED} other series or derived lines (\`wti-brent-spread\`, \`gas-storage-vs-five-year\`), a comma list.`,
          measure: '`level` as published, `index` rebased to 100 at the range’s first figure, `yoy` change from a year earlier.',
          outlook: '`hide` leaves out EIA’s forecast and the futures strip.',
          theme: 'The picture’s ink and background (SVG and PNG).',
        },
      },
      responses: {
        '200': ok('The chart file.', seriesChartFileSchema, {
          csv: 'A header row (`Date`, then each line and its unit), then a row per date.',
          files: { 'image/svg+xml': 'The chart as SVG.', 'image/png': 'The chart as PNG.' },
        }),
        '400': 'A query parameter that names no view (or given twice).',
        '404': 'No such series or format.',
      },
    }),
  },
};
