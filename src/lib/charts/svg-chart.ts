// A chart drawn as one flat, standalone SVG from its description (`chart-spec.ts`): the same
// picture on the page before any script runs, in a feed reader, in a mail, in a design tool and
// in a PNG made from it. Scales, ticks, paths, stacks and arcs come from d3's modules (pure
// functions, no DOM, a few kilobytes); the layout is absolute coordinates, so librsvg, Inkscape
// and a browser draw it alike: no foreignObject, no nested or transformed <svg>, no CSS. On a
// page (`theme: 'inherit'`) its text and rules also carry classes the page's stylesheet colors
// for the reader's theme (`ServerChart.astro`); the series keep their catalog colors.
import { extent, max, min } from 'd3-array';
import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { arc, area, line, pie, stack, stackOffsetNone, stackOrderNone } from 'd3-shape';
import { chartTime, type ChartSeriesSpec, type ChartSpec } from '@/lib/charts/chart-spec';
import {
  DASH,
  FONT,
  RANGE_OPACITY,
  formatValue,
  layoutLegend,
  num,
  painter,
  text,
  thinPoints,
  tickDecimals,
  timeFormat,
  wrap,
  type LegendItem,
  type Paint,
  type SvgChartOptions,
} from '@/lib/charts/svg-parts';
import { xmlText } from '@/lib/markup';

export { thinPoints, type SvgChartOptions };

/**
 * The chart as an SVG document: title and description for assistive technology, gridlines,
 * axes with their titles, the marks, annotations, a legend naming every series with its
 * color and stroke, and (standalone) the title, subtitle and source drawn in.
 */
export function renderSvgChart(spec: ChartSpec, options: SvgChartOptions = {}): string {
  const width = options.width ?? 720;
  const height = options.height ?? 360;
  const { theme, paint } = painter(options.theme);
  const id = options.idPrefix ?? 'chart';
  const parts: string[] = [];
  const pad = 12;
  let top = pad;

  // Standalone: the title and subtitle above the plot.
  if (options.standalone) {
    for (const lineText of wrap(spec.title, width - 2 * pad, 18)) {
      top += 20;
      parts.push(text(pad, top, lineText, paint('ink'), { 'font-size': 18, 'font-weight': 700 }));
    }
    if (spec.subtitle) {
      for (const lineText of wrap(spec.subtitle, width - 2 * pad, 13)) {
        top += 18;
        parts.push(text(pad, top, lineText, paint('muted'), { 'font-size': 13 }));
      }
    }
    top += 12;
  }

  // The legend and source line below the plot: their height is known before the plot is laid out.
  const legendItems: LegendItem[] =
    spec.mark === 'donut'
      ? []
      : [
          ...spec.series.map((s): LegendItem => ({
            name: s.axis === 'right' && spec.yRightTitle ? `${s.name} (right axis)` : s.name,
            color: s.color,
            swatch: spec.mark === 'bar' || spec.mark === 'stacked-area' ? 'box' : 'line',
            style: s.style ?? 'solid',
          })),
          ...(spec.ranges ?? []).map((r): LegendItem => ({ name: r.name, color: r.color, swatch: 'range', style: 'solid' })),
        ];
  const legendSize = 12;
  const legend = layoutLegend(legendItems, width - 2 * pad, legendSize);
  const legendRows = legend.length === 0 ? 0 : Math.max(...legend.map((l) => l.row)) + 1;
  const sourceLines = options.standalone ? wrap(spec.source, width - 2 * pad, 11) : [];
  const bottomBlock = legendRows * 20 + (legendRows ? 8 : 0) + sourceLines.length * 15 + (sourceLines.length ? 6 : 0);

  if (spec.mark === 'donut') {
    parts.push(...drawDonut(spec, width, height, top, bottomBlock, paint));
  } else {
    parts.push(...drawCartesian(spec, width, height, top, bottomBlock, paint));
  }

  // The legend.
  const legendTop = height - bottomBlock + 4;
  for (const { x, row, item } of legend) {
    const lx = pad + x;
    const ly = legendTop + row * 20 + 10;
    if (item.swatch !== 'line') {
      parts.push(
        `<rect x="${num(lx)}" y="${num(ly - 6)}" width="18" height="12" rx="2" fill="${item.color}"${item.swatch === 'range' ? ` fill-opacity="${RANGE_OPACITY}"` : ''}/>`,
      );
    } else {
      const dash = DASH[item.style];
      parts.push(
        `<line x1="${num(lx)}" y1="${num(ly)}" x2="${num(lx + 18)}" y2="${num(ly)}" stroke="${item.color}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      );
    }
    parts.push(text(lx + 26, ly + 4, item.name, paint('ink'), { 'font-size': legendSize }));
  }
  // The source line.
  let sy = height - sourceLines.length * 15 + 8;
  for (const lineText of sourceLines) {
    parts.push(text(pad, sy, lineText, paint('muted'), { 'font-size': 11 }));
    sy += 15;
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="${xmlText(FONT)}">`,
    `<title id="${id}-title">${xmlText(spec.title)}</title>`,
    `<desc id="${id}-desc">${xmlText(spec.description)}</desc>`,
    options.standalone ? `<rect width="${width}" height="${height}" fill="${theme.background}"/>` : '',
    ...parts,
    '</svg>',
  ].join('');
}

function drawCartesian(spec: ChartSpec, width: number, height: number, top: number, bottomBlock: number, paint: Paint): string[] {
  const parts: string[] = [];
  const hasRight = spec.series.some((s) => s.axis === 'right');
  const left = 64;
  const right = width - (hasRight ? 64 : 16);
  const plotTop = top + 8;
  const plotBottom = height - bottomBlock - 34;
  const xs = [...new Set([...spec.series.flatMap((s) => s.points.map((p) => p.x)), ...(spec.ranges ?? []).flatMap((r) => r.points.map((p) => p.x))])];

  // Value scales: the left for every series not on the right; stacked bands scale to their sums.
  const stacked = spec.mark === 'stacked-area' ? stackSeries(spec.series, xs) : undefined;
  const valuesOf = (side: 'left' | 'right') =>
    spec.series.filter((s) => (s.axis ?? 'left') === side).flatMap((s) => s.points.map((p) => p.y).filter((y): y is number => y !== null));
  const leftValues = stacked
    ? stacked.flatMap((layer) => layer.points.flatMap((d) => [d.y0, d.y1]))
    : [...valuesOf('left'), ...(spec.ranges ?? []).flatMap((r) => r.points.flatMap((p) => [p.low, p.high]))];
  const domainOf = (values: number[]): [number, number] => {
    const lo = min(values) ?? 0;
    const hi = max(values) ?? 1;
    // Bars and bands stand on zero; lines keep to their range, with room around it.
    if (spec.mark !== 'line') return [Math.min(0, lo), Math.max(0, hi) || 1];
    if (lo === hi) return [lo - 1, hi + 1];
    const room = (hi - lo) * 0.08;
    return [lo - room, hi + room];
  };
  const yLeft = scaleLinear().domain(domainOf(leftValues)).nice(5).range([plotBottom, plotTop]);
  const yRight = hasRight
    ? scaleLinear()
        .domain(domainOf(valuesOf('right')))
        .nice(5)
        .range([plotBottom, plotTop])
    : undefined;

  // Gridlines and the left axis' labels.
  const leftTicks = yLeft.ticks(5);
  const leftDecimals = tickDecimals((leftTicks[1] ?? 1) - (leftTicks[0] ?? 0), spec.decimals);
  for (const t of leftTicks) {
    const y = yLeft(t);
    parts.push(`<line x1="${left}" y1="${num(y)}" x2="${num(right)}" y2="${num(y)}"${paint(t === 0 ? 'axis' : 'rule', 'stroke')} stroke-width="1"/>`);
    parts.push(text(left - 6, y + 4, formatValue(t, leftDecimals, spec.valueSuffix), paint('muted'), { 'font-size': 11, 'text-anchor': 'end' }));
  }
  if (yRight) {
    const ticks = yRight.ticks(5);
    const decimals = tickDecimals((ticks[1] ?? 1) - (ticks[0] ?? 0), spec.decimals);
    for (const t of ticks)
      parts.push(text(right + 6, yRight(t) + 4, formatValue(t, decimals, spec.valueSuffix), paint('muted'), { 'font-size': 11 }));
  }
  // Axis titles, written along the axes.
  const middle = (plotTop + plotBottom) / 2;
  parts.push(
    `<text x="14" y="${num(middle)}" font-size="11"${paint('muted')} text-anchor="middle" transform="rotate(-90 14 ${num(middle)})">${xmlText(spec.yTitle)}</text>`,
  );
  if (yRight && spec.yRightTitle) {
    const x = width - 8;
    parts.push(
      `<text x="${x}" y="${num(middle)}" font-size="11"${paint('muted')} text-anchor="middle" transform="rotate(90 ${x} ${num(middle)})">${xmlText(spec.yRightTitle)}</text>`,
    );
  }

  if (spec.xType === 'time') {
    const times = xs.map(chartTime).filter((t) => Number.isFinite(t));
    const [t0 = 0, t1 = 1] = extent(times);
    const x = scaleUtc()
      .domain([new Date(t0), new Date(t1 === t0 ? t0 + 86_400_000 : t1)])
      .range([left, right]);
    const format = timeFormat(t1 - t0);
    const ticks = x.ticks(Math.max(2, Math.floor((right - left) / 80)));
    for (const t of ticks) {
      const px = x(t);
      parts.push(`<line x1="${num(px)}" y1="${num(plotBottom)}" x2="${num(px)}" y2="${num(plotBottom + 4)}"${paint('axis', 'stroke')}/>`);
      parts.push(text(px, plotBottom + 18, format(t), paint('muted'), { 'font-size': 11, 'text-anchor': 'middle' }));
    }
    const px = (xv: string) => x(new Date(chartTime(xv)));
    for (const note of spec.annotations ?? []) parts.push(...drawAnnotation(note.from, note.to, note.label, px, plotTop, plotBottom, paint));
    for (const range of spec.ranges ?? []) {
      const points = [...range.points].filter((p) => Number.isFinite(chartTime(p.x))).sort((a, b) => chartTime(a.x) - chartTime(b.x));
      const d = area<(typeof points)[number]>()
        .x((p) => px(p.x))
        .y0((p) => yLeft(p.low))
        .y1((p) => yLeft(p.high))(points);
      if (d) parts.push(`<path d="${d}" fill="${range.color}" fill-opacity="${RANGE_OPACITY}"/>`);
    }
    if (stacked) {
      for (const layer of stacked) {
        const series = spec.series[layer.index];
        if (!series) continue;
        const d = area<(typeof layer.points)[number]>()
          .x((p) => px(p.x))
          .y0((p) => yLeft(p.y0))
          .y1((p) => yLeft(p.y1))(layer.points);
        if (d) parts.push(`<path d="${d}" fill="${series.color}" fill-opacity="0.9"/>`);
      }
    } else {
      for (const series of spec.series) {
        const y = series.axis === 'right' && yRight ? yRight : yLeft;
        const points = thinPoints(
          series.points.filter((p) => Number.isFinite(chartTime(p.x))),
          px,
          Math.max(1, Math.round(right - left)),
        );
        if (spec.mark === 'area') {
          const d = area<(typeof points)[number]>()
            .defined((p) => p.y !== null)
            .x((p) => px(p.x))
            .y0(y(Math.max(0, y.domain()[0] ?? 0)))
            .y1((p) => y(p.y ?? 0))(points);
          if (d) parts.push(`<path d="${d}" fill="${series.color}" fill-opacity="0.15"/>`);
        }
        const d = line<(typeof points)[number]>()
          .defined((p) => p.y !== null)
          .x((p) => px(p.x))
          .y((p) => y(p.y ?? 0))(points);
        const dash = DASH[series.style ?? 'solid'];
        if (d)
          parts.push(
            `<path d="${d}" fill="none" stroke="${series.color}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
          );
        // A lone figure between gaps draws no line: a dot shows it (as every figure of a series drawn with markers).
        points.forEach((p, i) => {
          if (p.y === null || (!series.markers && (points[i - 1]?.y != null || points[i + 1]?.y != null))) return;
          parts.push(`<circle cx="${num(px(p.x))}" cy="${num(y(p.y))}" r="2.5" fill="${series.color}"/>`);
        });
      }
    }
  } else {
    // Categories: bars side by side in each category.
    const x = scaleBand().domain(xs).range([left, right]).paddingInner(0.25).paddingOuter(0.1);
    const inner = scaleBand()
      .domain(spec.series.map((_, i) => String(i)))
      .range([0, x.bandwidth()])
      .padding(0.08);
    const step = xs.length <= 8 ? 1 : Math.ceil(xs.length / 8);
    xs.forEach((category, i) => {
      if (i % step !== 0) return;
      parts.push(
        text((x(category) ?? 0) + x.bandwidth() / 2, plotBottom + 18, category, paint('muted'), { 'font-size': 11, 'text-anchor': 'middle' }),
      );
    });
    spec.series.forEach((series, si) => {
      const y = series.axis === 'right' && yRight ? yRight : yLeft;
      for (const p of series.points) {
        if (p.y === null) continue;
        const bx = (x(p.x) ?? 0) + (inner(String(si)) ?? 0);
        const y0 = y(0);
        const y1 = y(p.y);
        parts.push(
          `<rect x="${num(bx)}" y="${num(Math.min(y0, y1))}" width="${num(inner.bandwidth())}" height="${num(Math.max(1, Math.abs(y0 - y1)))}" rx="2" fill="${series.color}"/>`,
        );
      }
    });
  }
  return parts;
}

/**
 * Stacked bands over the x values: each series' positive figures stack up from zero and its
 * negative ones (storage charging) down from it, as two layers of its color. Each side is
 * stacked on its own (d3's stack with no offset), so a zero keeps its band at the level below
 * rather than dropping to the axis, and no band cuts across another where a sign changes.
 */
function stackSeries(series: readonly ChartSeriesSpec[], xs: readonly string[]) {
  const sorted = [...xs].sort((a, b) => chartTime(a) - chartTime(b));
  const valueAt = series.map((s) => new Map(s.points.map((p) => [p.x, p.y])));
  const side = (sign: 1 | -1) =>
    stack<string>()
      .keys(series.map((_, i) => String(i)))
      .value((x, key) => {
        const v = valueAt[Number(key)]?.get(x);
        return typeof v === 'number' && Number.isFinite(v) ? (sign > 0 ? Math.max(0, v) : Math.min(0, v)) : 0;
      })
      .order(stackOrderNone)
      .offset(stackOffsetNone)(sorted)
      .map((layer) => ({ index: layer.index, points: layer.map((d) => ({ x: d.data, y0: d[0], y1: d[1] })) }));
  return [...side(1), ...side(-1)];
}

function drawAnnotation(
  from: string,
  to: string | undefined,
  label: string,
  px: (x: string) => number,
  plotTop: number,
  plotBottom: number,
  paint: Paint,
): string[] {
  const x0 = px(from);
  const x1 = to ? px(to) : x0;
  if (!Number.isFinite(x0)) return [];
  const parts =
    x1 > x0
      ? [
          `<rect x="${num(x0)}" y="${num(plotTop)}" width="${num(x1 - x0)}" height="${num(plotBottom - plotTop)}"${paint('band')} fill-opacity="0.12"/>`,
        ]
      : [
          `<line x1="${num(x0)}" y1="${num(plotTop)}" x2="${num(x0)}" y2="${num(plotBottom)}"${paint('band', 'stroke')} stroke-width="1.5" stroke-dasharray="3 3"/>`,
        ];
  parts.push(text(x0 + 4, plotTop + 12, label, paint('ink'), { 'font-size': 11 }));
  return parts;
}

function drawDonut(spec: ChartSpec, width: number, height: number, top: number, bottomBlock: number, paint: Paint): string[] {
  const parts: string[] = [];
  const slices = spec.series.map((s) => ({ name: s.name, color: s.color, value: Math.max(0, s.points[0]?.y ?? 0) }));
  const total = slices.reduce((sum, s) => sum + s.value, 0) || 1;
  const plotHeight = height - top - bottomBlock - 8;
  const radius = Math.max(20, Math.min(plotHeight / 2, width / 4) - 4);
  const cx = 12 + radius + 4;
  const cy = top + plotHeight / 2;
  const arcs = pie<(typeof slices)[number]>()
    .sort(null)
    .value((s) => s.value)(slices);
  const shape = arc<(typeof arcs)[number]>()
    .innerRadius(radius * 0.55)
    .outerRadius(radius);
  for (const a of arcs) {
    const d = shape(a);
    if (!d) continue;
    // d3 draws arcs around the origin: a transform on the path moves them to the center (librsvg draws it; only transformed <svg> elements are a problem).
    parts.push(
      `<path d="${d}" transform="translate(${num(cx)} ${num(cy)})" fill="${a.data.color}"${paint('background', 'stroke')} stroke-width="1"/>`,
    );
  }
  // The key beside it: each slice's color, name and share.
  let ky = cy - (slices.length * 22) / 2 + 12;
  const kx = cx + radius + 28;
  for (const s of slices) {
    parts.push(`<rect x="${num(kx)}" y="${num(ky - 10)}" width="14" height="14" rx="2" fill="${s.color}"/>`);
    parts.push(
      text(kx + 22, ky + 1, `${s.name}: ${formatValue((s.value / total) * 100, 1, '%')}`, paint('ink'), {
        'font-size': 13,
      }),
    );
    ky += 22;
  }
  return parts;
}
