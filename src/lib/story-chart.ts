// A chart block of a story (`<data-chart>`), as readers and editors name it: what it shows,
// the page of the site it opens, and its image and data files at the chart addresses
// (`/charts/{kind}/{key}.{ext}`). The article page draws market charts on the server; feeds,
// link previews and the other kinds show its image. Isomorphic: no server code.
import { GRID_REGIONS } from '@db/catalog/grid';
import { marketSeriesFacts } from '@db/catalog/market-series';
import { chartRefPath, type ChartRef } from '@/lib/data-refs';
import { US_STATES } from '@/lib/energy';
import { SERIES_RANGE_NAMES } from '@/lib/series-stats';
import { derivedLine, parseSeriesView, seriesViewPath, type SeriesView } from '@/lib/series-view';
import { REPORT_RANGE_LABELS, type ReportKind } from '@/lib/validation/reports';

/** The report views a chart block may show, as the analytics page names them. */
export const REPORT_TITLES: Record<ReportKind, string> = {
  price: 'Price analysis',
  share: 'Generation share by source',
  regional: 'Generation by region',
  custom: 'Custom report',
};

const seriesName = (slug: string) => marketSeriesFacts(slug)?.name ?? derivedLine(slug)?.name ?? slug;

/** A market chart block's view of its series (the series page's, so the permalink opens the same chart). */
export function chartRefView(ref: Extract<ChartRef, { kind: 'markets' }>): SeriesView {
  return parseSeriesView(ref.key, new URLSearchParams({ ...(ref.range && { range: ref.range }), ...(ref.compare && { compare: ref.compare }) }));
}

/** What a chart block shows, in words: "WTI Crude Oil Spot Price and Brent Crude Oil Spot Price, one year". */
export function chartRefTitle(ref: ChartRef): string {
  switch (ref.kind) {
    case 'markets': {
      const view = chartRefView(ref);
      return `${[ref.key, ...view.compare].map(seriesName).join(' and ')}, ${SERIES_RANGE_NAMES[view.range]}`;
    }
    case 'grid': {
      const region = GRID_REGIONS.find((r) => r.code === ref.key)?.name ?? ref.key;
      const shown = {
        demand: 'electricity demand',
        generation: 'electricity generation by source',
        interchange: 'interchange with neighboring regions',
      };
      return `${region}: ${shown[ref.chart ?? 'demand']}, hourly`;
    }
    case 'states':
      return `${US_STATES[ref.key] ?? ref.key}: ${ref.chart === 'generation' ? 'electricity generation by source' : 'retail electricity price'}, monthly`;
    case 'reports':
      return `${REPORT_TITLES[ref.key]}${ref.range ? `, ${REPORT_RANGE_LABELS[ref.range].toLowerCase()}` : ''}`;
  }
}

/** The page of the site a chart block opens (its permalink): the series view, the region, the state, the report. */
export function chartRefPage(ref: ChartRef): string {
  switch (ref.kind) {
    case 'markets':
      return seriesViewPath(ref.key, chartRefView(ref));
    case 'grid':
      return `/grid/${ref.key}${ref.chart && ref.chart !== 'demand' ? `?chart=${ref.chart}` : ''}`;
    case 'states':
      return `/states/${ref.key}`;
    case 'reports':
      return `/analytics?tab=reports&report=${ref.key}${ref.range ? `&range=${ref.range}` : ''}`;
  }
}

/** The chart's files at its chart address, without extension, and its view's query (`ServerChart`'s `files`). */
export function chartRefFiles(ref: ChartRef): { path: string; query: string } {
  const svg = chartRefPath(ref, 'svg');
  const [path = '', query = ''] = svg.split('?');
  return { path: path.replace(/\.svg$/, ''), query: query ? `?${query}` : '' };
}

/** The chart as an image (PNG) for feeds, mails and link previews, with its alternative text. */
export function chartRefImage(ref: ChartRef): { src: string; alt: string } {
  return { src: chartRefPath(ref, 'png'), alt: `Chart: ${chartRefTitle(ref)}${ref.caption ? `. ${ref.caption}` : ''}` };
}
