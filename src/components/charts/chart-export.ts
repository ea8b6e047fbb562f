// The chart downloads (PNG and SVG), loaded only when a reader asks for one: ApexCharts draws
// the chart again off screen at a fixed size in the light theme (the same series and options,
// so the same lines), its export feature gives the drawing as SVG (`getSvgString`, with the
// tooltips and crosshairs it hides in exports), and chart-svg.ts draws the title, units,
// legend, source, as-of date and the site's name around it. A PNG is that SVG drawn on a canvas
// at twice the size.
import ApexCharts from 'apexcharts/core';
import 'apexcharts/features/exports';
import type { ApexOptions } from 'apexcharts';
import { loadChartType } from '@/components/charts/chart-modules';
import { CHART_PALETTE, type ChartProps } from '@/components/charts/chart-options';
import { withPngText } from '@/lib/png-text';
import { EXPORT_CHART_HEIGHT, EXPORT_CHART_WIDTH, composeChartSvg, type ExportFrame, type LegendEntry } from '@/components/charts/chart-svg';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** PNGs are drawn at twice the picture's size, sharp on high-density screens and in print. */
const PNG_SCALE = 2;

/** What a stroke's dash array says a line is. */
function markOf(dash: number): LegendEntry['mark'] {
  if (dash === 0) return 'solid';
  return dash >= 5 ? 'dashed' : 'dotted';
}

/** The legend of a chart: its series (or a pie's slices) with their colors and dashes, as the chart draws them. */
export function legendOf({ type, series, options }: ChartProps): LegendEntry[] {
  const colors = (options.colors as string[] | undefined) ?? CHART_PALETTE;
  const color = (i: number) => colors[i % colors.length] ?? '#1d4ed8';
  if (type === 'pie' || type === 'donut') return (options.labels ?? []).map((name, i) => ({ name, color: color(i), mark: 'box' }));
  // A legend of its own (a stack below and above zero, see stackLayers): its names in its marker colors, as boxes.
  const custom = options.legend?.customLegendItems;
  if (custom && custom.length > 0) {
    const fills = options.legend?.markers?.fillColors ?? [];
    return custom.map((name, i) => ({ name, color: fills[i] ?? color(i), mark: 'box' }));
  }
  const dashes = options.stroke?.dashArray;
  return ((series ?? []) as { name?: string; type?: string }[]).map((s, i) => ({
    name: s.name ?? '',
    color: color(i),
    mark:
      s.type === 'rangeArea'
        ? 'band'
        : type === 'bar' || (type === 'area' && (series?.length ?? 0) === 1)
          ? 'box'
          : markOf(Array.isArray(dashes) ? (dashes[i] ?? 0) : (dashes ?? 0)),
  }));
}

/** The chart drawn off screen at the export size, as ApexCharts exports it: its `<svg>` element's markup. */
async function drawOffscreen({ type, series, options }: ChartProps): Promise<string> {
  await loadChartType(type);
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = `position:fixed;left:-20000px;top:0;width:${EXPORT_CHART_WIDTH}px;height:${EXPORT_CHART_HEIGHT}px;`;
  document.body.append(box);
  const exportOptions: ApexOptions = {
    ...options,
    series: series ?? [],
    chart: {
      ...options.chart,
      type,
      width: EXPORT_CHART_WIDTH,
      height: EXPORT_CHART_HEIGHT,
      animations: { enabled: false },
      toolbar: { show: false },
      background: '#ffffff',
      foreColor: '#374151',
    },
    // The picture draws its own legend, above the chart.
    legend: { ...options.legend, show: false },
    theme: { mode: 'light' },
  };
  const chart = new ApexCharts(box, exportOptions);
  try {
    await chart.render();
    const exported = await chart.getSvgString(1);
    // The export wraps the chart's element in a foreignObject; the picture takes the <svg> drawing inside it.
    const doc = new DOMParser().parseFromString(exported, 'image/svg+xml');
    const drawing = [...doc.getElementsByTagNameNS(SVG_NS, 'svg')].find((el) => el.classList.contains('apexcharts-svg'));
    if (!drawing) throw new Error('The chart could not be exported.');
    drawing.setAttribute('width', String(EXPORT_CHART_WIDTH));
    drawing.setAttribute('height', String(EXPORT_CHART_HEIGHT));
    return new XMLSerializer().serializeToString(drawing);
  } finally {
    chart.destroy();
    box.remove();
  }
}

/** An SVG document drawn on a canvas at PNG_SCALE, as a PNG. */
async function rasterize(svg: string, width: number, height: number): Promise<Blob> {
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * PNG_SCALE;
  canvas.height = height * PNG_SCALE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the picture.');
  context.scale(PNG_SCALE, PNG_SCALE);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
}

/**
 * The chart as a downloadable picture, SVG or PNG, with its frame drawn in; a PNG also carries
 * its title, source and address as text chunks.
 */
export async function chartImage(format: 'png' | 'svg', chart: ChartProps, frame: Omit<ExportFrame, 'legend'>): Promise<Blob> {
  const drawing = await drawOffscreen(chart);
  const { svg, width, height } = composeChartSvg({ ...frame, legend: legendOf(chart) }, drawing);
  if (format === 'svg') return new Blob([svg], { type: 'image/svg+xml;charset=utf-8' });
  const png = new Uint8Array(await (await rasterize(svg, width, height)).arrayBuffer());
  const text = { Title: frame.title, Source: frame.source, Author: frame.siteName, ...(frame.permalink ? { URL: frame.permalink } : {}) };
  return new Blob([withPngText(png, text)], { type: 'image/png' });
}
