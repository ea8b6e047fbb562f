// The figures behind a chart as a table: what its table view shows, what its CSV holds and what
// a screen reader reads instead of the drawing. Every chart of the site hands one to the chart
// toolkit (`src/components/charts`), built from the same numbers it draws. Isomorphic.
import { csvRow } from '@/lib/csv';
import { formatAsOf, formatNumber, isPeriod } from '@/lib/market-format';

export interface ChartTable {
  columns: string[];
  /** One row per x value (a period or a category), then a cell per column; null where a line has no value. */
  rows: (string | number | null)[][];
  /** Decimals of each column's numbers; null for text. */
  decimals: (number | null)[];
  /** The periods (`YYYY-MM-DD`) of the first column are months: said "August 2026" in the table view (the CSV keeps them as written). */
  dates?: 'day' | 'month' | undefined;
  /**
   * How the table view says each row's first cell when it is an instant (an hour as ISO 8601
   * with its offset): "Fri, Nov 20, 4 PM CT (5 PM ET)". The CSV keeps the cell as it is.
   */
  labels?: string[] | undefined;
  /**
   * What EIA revised, cell by cell (the same shape as `rows`; null where a figure was not
   * revised): the table view marks those cells "revised from X on date". The CSV keeps the figures.
   */
  revisions?: (CellRevision | null)[][] | undefined;
}

/** A figure EIA revised, in its column's unit: the figure the latest revision replaced, the first one, when and how often. */
export interface CellRevision {
  previousValue: number;
  firstValue: number;
  /** When the site's import first saw the latest revision (an ISO instant). */
  revisedAt: string;
  revisions: number;
}

/** The CSV of a table: its header row, then its rows, numbers as written (no grouping), gaps empty (RFC 4180, CRLF). */
export function tableCsv(table: Pick<ChartTable, 'columns' | 'rows'>): string {
  return [table.columns, ...table.rows].map(csvRow).join('');
}

/** A cell as the table view says it: numbers with their column's decimals, periods as readers say them, gaps as a dash. */
export function tableCellText(table: ChartTable, value: string | number | null, column: number): string {
  if (value === null) return '–';
  if (typeof value === 'number') {
    const decimals = table.decimals[column];
    return decimals === null || decimals === undefined ? value.toLocaleString('en-US') : formatNumber(value, decimals);
  }
  if (!isPeriod(value)) return value;
  return table.dates === 'month' ? formatAsOf(value, 'monthly') : formatAsOf(value);
}
