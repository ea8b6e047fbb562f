// A chart drawn as one flat, standalone SVG from its description (`chart-spec.ts`): the same
// picture on the page before any script runs, in a feed reader, in a mail, in a design tool and
// in a PNG made from it. Scales, ticks, paths, stacks and arcs come from d3's modules (pure
// functions, no DOM, a few kilobytes); the layout is absolute coordinates, so librsvg, Inkscape
// and a browser draw it alike: no foreignObject, no nested or transformed <svg>, no CSS.
import { extent, max, min } from 'd3-array';
import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { arc, area, line, pie, stack, stackOffsetNone, stackOrderNone } from 'd3-shape';
import { utcFormat } from 'd3-time-format';
import { chartTime, type ChartSeriesSpec, type ChartSpec, type LineStyle } from '@/lib/charts/chart-spec';
import { xmlText } from '@/lib/charts/xml';

export interface SvgChartOptions {
  width?: number;
  height?: number;
  /** Ink and rules for a light or a dark page; the series keep their catalog colors. */
  theme?: 'light' | 'dark';
  /** Draws the title, subtitle and source line too: a file that stands alone (a download, a mail image). */
  standalone?: boolean;
  /** Prefixes the ids of the title and description, unique on the page. */
  idPrefix?: string;
}

const THEMES = {
  light: { ink: '#111827', muted: '#4b5563', rule: '#e5e7eb', axis: '#9ca3af', background: '#ffffff', band: '#f59e0b' },
  dark: { ink: '#f3f4f6', muted: '#9ca3af', rule: '#374151', axis: '#6b7280', background: '#0b1220', band: '#fbbf24' },
} as const;

const FONT = "Inter, 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";
const DASH: Record<LineStyle, string | undefined> = { solid: undefined, dashed: '7 4', dotted: '2 3' };

/** About how wide text is drawn, without a DOM to measure it: average glyph width of a sans face. */
const textWidth = (text: string, size: number) => text.length * size * 0.56;

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

function formatValue(value: number, decimals: number, suffix = ''): string {
  return `${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${suffix}`;
}

/** Decimals an axis' labels need for its tick step, at most the values' own. */
function tickDecimals(step: number, decimals: number): number {
  if (!(step > 0)) return 0;
  return Math.min(decimals, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
}

/** Labels of a time axis by the span it covers: hours, days, months or years. */
function timeFormat(spanMs: number): (date: Date) => string {
  const day = 86_400_000;
  if (spanMs <= 3 * day) return utcFormat('%-I %p');
  if (spanMs <= 120 * day) return utcFormat('%b %-d');
  if (spanMs <= 3 * 365 * day) return utcFormat("%b '%y");
  return utcFormat('%Y');
}

function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}): string {
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : xmlText(v)}"`)
    .join('');
  return `<text x="${num(x)}" y="${num(y)}"${extra}>${xmlText(content)}</text>`;
}

/** Splits text into lines of at most about `width` pixels at `size`. */
function wrap(content: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

interface LegendItem {
  name: string;
  color: string;
  swatch: 'line' | 'box';
  style: LineStyle;
}

/** The legend's rows: entries laid left to right, wrapping at the width. */
function layoutLegend(items: readonly LegendItem[], width: number, size: number): { x: number; row: number; item: LegendItem }[] {
  const placed: { x: number; row: number; item: LegendItem }[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const w = 26 + textWidth(item.name, size) + 18;
    if (x > 0 && x + w > width) {
      x = 0;
      row++;
    }
    placed.push({ x, row, item });
    x += w;
  }
  return placed;
}

/**
 * The chart as an SVG document: title and description for assistive technology, gridlines,
 * axes with their titles, the marks, annotations, a legend naming every series with its
 * color and stroke, and (standalone) the title, subtitle and source drawn in.
 */
export function renderSvgChart(spec: ChartSpec, options: SvgChartOptions = {}): string {
  const width = options.width ?? 720;
  const height = options.height ?? 360;
  const theme = THEMES[options.theme ?? 'light'];
  const id = options.idPrefix ?? 'chart';
  const parts: string[] = [];
  const pad = 12;
  let top = pad;

  // Standalone: the title and subtitle above the plot.
  if (options.standalone) {
    for (const lineText of wrap(spec.title, width - 2 * pad, 18)) {
      top += 20;
      parts.push(text(pad, top, lineText, { 'font-size': 18, 'font-weight': 700, fill: theme.ink }));
    }
    if (spec.subtitle) {
      for (const lineText of wrap(spec.subtitle, width - 2 * pad, 13)) {
        top += 18;
        parts.push(text(pad, top, lineText, { 'font-size': 13, fill: theme.muted }));
      }
    }
    top += 12;
  }

  // The legend and source line below the plot: their height is known before the plot is laid out.
  const legendItems: LegendItem[] =
    spec.mark === 'donut'
      ? []
      : spec.series.map((s) => ({
          name: s.axis === 'right' && spec.yRightTitle ? `${s.name} (right axis)` : s.name,
          color: s.color,
          swatch: spec.mark === 'bar' || spec.mark === 'stacked-area' ? 'box' : 'line',
          style: s.style ?? 'solid',
        }));
  const legendSize = 12;
  const legend = layoutLegend(legendItems, width - 2 * pad, legendSize);
  const legendRows = legend.length === 0 ? 0 : Math.max(...legend.map((l) => l.row)) + 1;
  const sourceLines = options.standalone ? wrap(spec.source, width - 2 * pad, 11) : [];
  const bottomBlock = legendRows * 20 + (legendRows ? 8 : 0) + sourceLines.length * 15 + (sourceLines.length ? 6 : 0);

  if (spec.mark === 'donut') {
    parts.push(...drawDonut(spec, width, height, top, bottomBlock, theme));
  } else {
    parts.push(...drawCartesian(spec, width, height, top, bottomBlock, theme));
  }

  // The legend.
  const legendTop = height - bottomBlock + 4;
  for (const { x, row, item } of legend) {
    const lx = pad + x;
    const ly = legendTop + row * 20 + 10;
    if (item.swatch === 'box') {
      parts.push(`<rect x="${num(lx)}" y="${num(ly - 6)}" width="18" height="12" rx="2" fill="${item.color}"/>`);
    } else {
      const dash = DASH[item.style];
      parts.push(
        `<line x1="${num(lx)}" y1="${num(ly)}" x2="${num(lx + 18)}" y2="${num(ly)}" stroke="${item.color}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      );
    }
    parts.push(text(lx + 26, ly + 4, item.name, { 'font-size': legendSize, fill: theme.ink }));
  }
  // The source line.
  let sy = height - sourceLines.length * 15 + 8;
  for (const lineText of sourceLines) {
    parts.push(text(pad, sy, lineText, { 'font-size': 11, fill: theme.muted }));
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

type Theme = (typeof THEMES)[keyof typeof THEMES];

function drawCartesian(spec: ChartSpec, width: number, height: number, top: number, bottomBlock: number, theme: Theme): string[] {
  const parts: string[] = [];
  const hasRight = spec.series.some((s) => s.axis === 'right');
  const left = 64;
  const right = width - (hasRight ? 64 : 16);
  const plotTop = top + 8;
  const plotBottom = height - bottomBlock - 34;
  const xs = [...new Set(spec.series.flatMap((s) => s.points.map((p) => p.x)))];

  // Value scales: the left for every series not on the right; stacked bands scale to their sums.
  const stacked = spec.mark === 'stacked-area' ? stackSeries(spec.series, xs) : undefined;
  const valuesOf = (side: 'left' | 'right') =>
    spec.series.filter((s) => (s.axis ?? 'left') === side).flatMap((s) => s.points.map((p) => p.y).filter((y): y is number => y !== null));
  const leftValues = stacked ? stacked.flatMap((layer) => layer.points.flatMap((d) => [d.y0, d.y1])) : valuesOf('left');
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
    parts.push(
      `<line x1="${left}" y1="${num(y)}" x2="${num(right)}" y2="${num(y)}" stroke="${t === 0 ? theme.axis : theme.rule}" stroke-width="1"/>`,
    );
    parts.push(text(left - 6, y + 4, formatValue(t, leftDecimals, spec.valueSuffix), { 'font-size': 11, fill: theme.muted, 'text-anchor': 'end' }));
  }
  if (yRight) {
    const ticks = yRight.ticks(5);
    const decimals = tickDecimals((ticks[1] ?? 1) - (ticks[0] ?? 0), spec.decimals);
    for (const t of ticks)
      parts.push(text(right + 6, yRight(t) + 4, formatValue(t, decimals, spec.valueSuffix), { 'font-size': 11, fill: theme.muted }));
  }
  // Axis titles, written along the axes.
  const middle = (plotTop + plotBottom) / 2;
  parts.push(
    `<text x="14" y="${num(middle)}" font-size="11" fill="${theme.muted}" text-anchor="middle" transform="rotate(-90 14 ${num(middle)})">${xmlText(spec.yTitle)}</text>`,
  );
  if (yRight && spec.yRightTitle) {
    const x = width - 8;
    parts.push(
      `<text x="${x}" y="${num(middle)}" font-size="11" fill="${theme.muted}" text-anchor="middle" transform="rotate(90 ${x} ${num(middle)})">${xmlText(spec.yRightTitle)}</text>`,
    );
  }

  if (spec.xType === 'time') {
    const times = xs.map(chartTime).filter((t) => Number.isFinite(t));
    const [t0 = 0, t1 = 1] = extent(times);
    const x = scaleUtc()
      .domain([new Date(t0), new Date(t1 === t0 ? t0 + 86_400_000 : t1)])
      .range([left, right]);
    const format = timeFormat(t1 - t0);
    const ticks = x.ticks(Math.max(2, Math.floor((right - left) / 110)));
    for (const t of ticks) {
      const px = x(t);
      parts.push(`<line x1="${num(px)}" y1="${num(plotBottom)}" x2="${num(px)}" y2="${num(plotBottom + 4)}" stroke="${theme.axis}"/>`);
      parts.push(text(px, plotBottom + 18, format(t), { 'font-size': 11, fill: theme.muted, 'text-anchor': 'middle' }));
    }
    const px = (xv: string) => x(new Date(chartTime(xv)));
    for (const note of spec.annotations ?? []) parts.push(...drawAnnotation(note.from, note.to, note.label, px, plotTop, plotBottom, theme));
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
        const points = series.points.filter((p) => Number.isFinite(chartTime(p.x)));
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
        // A lone figure between gaps draws no line: a dot shows it.
        points.forEach((p, i) => {
          if (p.y === null || points[i - 1]?.y != null || points[i + 1]?.y != null) return;
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
        text((x(category) ?? 0) + x.bandwidth() / 2, plotBottom + 18, category, { 'font-size': 11, fill: theme.muted, 'text-anchor': 'middle' }),
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
  theme: Theme,
): string[] {
  const x0 = px(from);
  const x1 = to ? px(to) : x0;
  if (!Number.isFinite(x0)) return [];
  const parts =
    x1 > x0
      ? [
          `<rect x="${num(x0)}" y="${num(plotTop)}" width="${num(x1 - x0)}" height="${num(plotBottom - plotTop)}" fill="${theme.band}" fill-opacity="0.12"/>`,
        ]
      : [
          `<line x1="${num(x0)}" y1="${num(plotTop)}" x2="${num(x0)}" y2="${num(plotBottom)}" stroke="${theme.band}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
        ];
  parts.push(text(x0 + 4, plotTop + 12, label, { 'font-size': 11, fill: theme.ink }));
  return parts;
}

function drawDonut(spec: ChartSpec, width: number, height: number, top: number, bottomBlock: number, theme: Theme): string[] {
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
    // d3 draws arcs around the origin: the path is moved to the center by its coordinates, not a transform.
    parts.push(`<path d="${translatePath(d, cx, cy)}" fill="${a.data.color}" stroke="${theme.background}" stroke-width="1"/>`);
  }
  // The key beside it: each slice's color, name and share.
  let ky = cy - (slices.length * 22) / 2 + 12;
  const kx = cx + radius + 28;
  for (const s of slices) {
    parts.push(`<rect x="${num(kx)}" y="${num(ky - 10)}" width="14" height="14" rx="2" fill="${s.color}"/>`);
    parts.push(
      text(kx + 22, ky + 1, `${s.name}: ${formatValue((s.value / total) * 100, 1, '%')}`, {
        'font-size': 13,
        fill: theme.ink,
      }),
    );
    ky += 22;
  }
  return parts;
}

/** An SVG path's absolute coordinates moved by (dx, dy): d3's arcs use only M, L, A and Z, absolute. */
export function translatePath(d: string, dx: number, dy: number): string {
  return d.replace(/([MLAZ])([^MLAZ]*)/g, (_, command: string, args: string) => {
    const n = args.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
    if (command === 'Z') return 'Z';
    if (command === 'A') {
      const out: number[] = [];
      for (let i = 0; i + 6 < n.length + 1; i += 7) out.push(n[i]!, n[i + 1]!, n[i + 2]!, n[i + 3]!, n[i + 4]!, n[i + 5]! + dx, n[i + 6]! + dy);
      return `A${out.map(num).join(',')}`;
    }
    const out = n.map((v, i) => (i % 2 === 0 ? v + dx : v + dy));
    return `${command}${out.map(num).join(',')}`;
  });
}
