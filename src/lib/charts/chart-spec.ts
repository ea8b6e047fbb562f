// One description of a chart, whatever draws it: the server's SVG (`svg-chart.ts`), and the
// downloads, images and interactive charts built from it. It says what is plotted (series,
// their colors and styles, the axis each is read on), over what (dates or categories), in
// which units, with which marks in time (annotations) and where the figures come from.
// Isomorphic and library-free: plain data a page, an endpoint or a mail can build.

/** How a series is drawn: a line, a line over a shaded area, bars, stacked bands, or donut slices. */
export type ChartMark = 'line' | 'area' | 'bar' | 'stacked-area' | 'donut';

/** A line's stroke: history is solid, a forecast dashed, futures dotted. */
export type LineStyle = 'solid' | 'dashed' | 'dotted';

export interface ChartPoint {
  /** A date (`YYYY-MM-DD`), an hour (`YYYY-MM-DDTHH` or a full ISO 8601 timestamp), or a category's name. */
  x: string;
  /** The value; null where the series has no figure (a gap, never drawn as zero). */
  y: number | null;
}

export interface ChartSeriesSpec {
  name: string;
  /** Its color, from the catalog that owns it (a fuel's, a series'). */
  color: string;
  style?: LineStyle | undefined;
  /** Read on the right axis: a series in other units or of another scale (a spread beside prices). */
  axis?: 'left' | 'right' | undefined;
  /** A dot at each figure: a few points that stand for themselves (the futures strip's contracts). */
  markers?: boolean | undefined;
  points: readonly ChartPoint[];
}

/** A shaded range between a low and a high at each x (gas storage's five-year range), drawn behind the lines on the left axis. */
export interface ChartRangeSpec {
  name: string;
  color: string;
  points: readonly { x: string; low: number; high: number }[];
}

/** A date or a span of dates marked on the chart, with a short label. */
export interface ChartAnnotation {
  from: string;
  to?: string | undefined;
  label: string;
}

export interface ChartSpec {
  /** What the chart shows, in a sentence's words: its SVG title. */
  title: string;
  /** What a reader who cannot see it should know (the range, the latest figure): its SVG description. */
  description: string;
  /** Under the title in a standalone file. */
  subtitle?: string | undefined;
  mark: ChartMark;
  /** `time`: x values are dates or hours, on a time scale; `category`: names, evenly spaced. */
  xType: 'time' | 'category';
  series: readonly ChartSeriesSpec[];
  /** Shaded ranges behind the lines (time charts of lines only). */
  ranges?: readonly ChartRangeSpec[] | undefined;
  /** The left axis' title, with its unit ("$/bbl", "MW"). */
  yTitle: string;
  /** The right axis' title, when a series is read on it. */
  yRightTitle?: string | undefined;
  /** Decimals of the values (the axis labels take what their step needs, at most these). */
  decimals: number;
  /** Said after each value: "%", "¢". */
  valueSuffix?: string | undefined;
  annotations?: readonly ChartAnnotation[] | undefined;
  /** Where the figures come from, and how recent they are: drawn under a standalone chart. */
  source: string;
}

/** A chart file's size, in SVG units (its PNG is twice as many pixels each way): what an `<img>` of it reserves. */
export const CHART_FILE_SIZE = { width: 960, height: 540 } as const;

/** The time an x value stands for, in milliseconds (UTC); NaN for a category. */
export function chartTime(x: string): number {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T(\d{2})(?::(\d{2}))?)?/.exec(x);
  if (!m) return Number.NaN;
  // A full timestamp with its offset is read as written; a bare date or hour as UTC.
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(x) && x.includes('T')) return Date.parse(x);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1), Number(m[4] ?? 0), Number(m[5] ?? 0));
}
