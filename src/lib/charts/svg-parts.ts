// The pieces every server-drawn chart is made of (`svg-chart.ts`): the inks of its themes, text
// and its wrapping without a DOM, numbers as its labels say them, and the legend's layout.
import { utcFormat } from 'd3-time-format';
import type { ChartPoint, LineStyle } from '@/lib/charts/chart-spec';
import { xmlText } from '@/lib/markup';

export interface SvgChartOptions {
  width?: number;
  height?: number;
  /**
   * Ink and rules for a light or a dark file; `inherit`: the light ones, each element also named
   * by a class (`chart-fill-ink`, `chart-stroke-rule`…) that the page's stylesheet colors for
   * the reader's theme. The series keep their catalog colors in all three.
   */
  theme?: 'light' | 'dark' | 'inherit';
  /** Draws the title, subtitle and source line too: a file that stands alone (a download, a mail image). */
  standalone?: boolean;
  /** Prefixes the ids of the title and description, unique on the page. */
  idPrefix?: string;
}

export const THEMES = {
  light: { ink: '#111827', muted: '#4b5563', rule: '#e5e7eb', axis: '#9ca3af', background: '#ffffff', band: '#f59e0b' },
  dark: { ink: '#f3f4f6', muted: '#9ca3af', rule: '#374151', axis: '#6b7280', background: '#0b1220', band: '#fbbf24' },
} as const;

export type Theme = (typeof THEMES)[keyof typeof THEMES];
type Role = keyof Theme;

/** The attribute that paints an element in a role of the theme (and its class, for a page's stylesheet). */
export type Paint = (role: Role, property?: 'fill' | 'stroke') => string;

export function painter(theme: SvgChartOptions['theme']): { theme: Theme; paint: Paint } {
  const colors = THEMES[theme === 'dark' ? 'dark' : 'light'];
  return {
    theme: colors,
    paint: (role, property = 'fill') => ` ${property}="${colors[role]}"${theme === 'inherit' ? ` class="chart-${property}-${role}"` : ''}`,
  };
}

export const FONT = "Inter, 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";
export const DASH: Record<LineStyle, string | undefined> = { solid: undefined, dashed: '7 4', dotted: '2 3' };

/** About how wide text is drawn, without a DOM to measure it: average glyph width of a sans face. */
export const textWidth = (text: string, size: number) => text.length * size * 0.56;

export const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

export function formatValue(value: number, decimals: number, suffix = ''): string {
  return `${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}${suffix}`;
}

/** Decimals an axis' labels need for its tick step, at most the values' own. */
export function tickDecimals(step: number, decimals: number): number {
  if (!(step > 0)) return 0;
  return Math.min(decimals, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
}

/** Labels of a time axis by the span it covers: hours, days, months or years. */
export function timeFormat(spanMs: number): (date: Date) => string {
  const day = 86_400_000;
  if (spanMs <= 3 * day) return utcFormat('%-I %p');
  if (spanMs <= 120 * day) return utcFormat('%b %-d');
  if (spanMs <= 3 * 365 * day) return utcFormat("%b '%y");
  return utcFormat('%Y');
}

/** A text, in a role's ink (`paint`'s attribute), with more attributes. */
export function text(x: number, y: number, content: string, paint: string, attrs: Record<string, string | number> = {}): string {
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : xmlText(v)}"`)
    .join('');
  return `<text x="${num(x)}" y="${num(y)}"${paint}${extra}>${xmlText(content)}</text>`;
}

/** Splits text into lines of at most about `width` pixels at `size`. */
export function wrap(content: string, width: number, size: number): string[] {
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

export interface LegendItem {
  name: string;
  color: string;
  swatch: 'line' | 'box' | 'range';
  style: LineStyle;
}

/** The legend's rows: entries laid left to right, wrapping at the width. */
export function layoutLegend(items: readonly LegendItem[], width: number, size: number): { x: number; row: number; item: LegendItem }[] {
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

/** How opaque a shaded range is (its legend swatch alike). */
export const RANGE_OPACITY = 0.28;

/**
 * A long line's points thinned to what its pixels can show: in each pixel column, the first
 * and last figure kept with the lowest and highest (in their order), so no peak or trough is
 * lost; a gap in the column is kept as a gap. Lines of up to two points per column are kept whole.
 */
export function thinPoints(points: readonly ChartPoint[], px: (x: string) => number, columns: number): ChartPoint[] {
  if (points.length <= 2 * columns) return [...points];
  const out: ChartPoint[] = [];
  let bucket: ChartPoint[] = [];
  let column = Number.NaN;
  const flush = () => {
    if (bucket.length <= 4) out.push(...bucket);
    else {
      const figures = bucket.filter((p) => p.y !== null);
      const keep = new Set<ChartPoint>([bucket[0]!, bucket.at(-1)!]);
      if (figures.length > 0) {
        keep.add(figures.reduce((a, b) => ((b.y ?? 0) < (a.y ?? 0) ? b : a)));
        keep.add(figures.reduce((a, b) => ((b.y ?? 0) > (a.y ?? 0) ? b : a)));
      }
      const gap = bucket.find((p) => p.y === null);
      if (gap) keep.add(gap);
      out.push(...bucket.filter((p) => keep.has(p)));
    }
    bucket = [];
  };
  for (const p of points) {
    const c = Math.floor(px(p.x));
    if (c !== column) {
      flush();
      column = c;
    }
    bucket.push(p);
  }
  flush();
  return out;
}
