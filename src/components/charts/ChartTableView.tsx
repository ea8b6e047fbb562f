import { tableCellText, type CellRevision, type ChartTable } from '@/lib/chart-table';
import { formatShortDate } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The figures behind a chart, in a scrolling region of their own that the keyboard reaches: the
 * chart toolkit's table view, a report's table, and what a screen reader reads instead of the
 * drawing. Periods are said as readers say them, each with its machine date.
 */
export function ChartTableView({
  table,
  caption,
  description,
  className,
}: {
  table: ChartTable;
  caption: string;
  description?: string | undefined;
  className?: string;
}) {
  const { columns, rows } = table;
  return (
    // A scrolling region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={`${caption} data table`} tabIndex={0} className={cn('max-h-96 overflow-auto rounded-md border', className)}>
      <table className="w-full text-sm">
        <caption className="sr-only">{description ? `${caption}: ${description}` : caption}</caption>
        <thead className="bg-muted sticky top-0">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={cn('px-3 py-2 font-semibold', i === 0 ? 'text-left' : 'text-right')}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={String(row[0])} className="border-t">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {typeof cell === 'string' && table.labels?.[r] !== undefined ? (
                      <time dateTime={cell}>{table.labels[r]}</time>
                    ) : typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? (
                      <time dateTime={cell}>{tableCellText(table, cell, i)}</time>
                    ) : (
                      tableCellText(table, cell, i)
                    )}
                  </th>
                ) : (
                  <td key={i} className={cn('px-3 py-1.5 text-right', typeof cell === 'number' && 'tabular-nums')}>
                    {tableCellText(table, cell, i)}
                    <RevisionMark table={table} revision={table.revisions?.[r]?.[i]} column={i} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A figure EIA revised says so in its cell, in words (not color alone): "Revised from 1,234.5 on
 * Nov 27, 2026", and its first published figure when it was revised more than once.
 */
function RevisionMark({ table, revision, column }: { table: ChartTable; revision: CellRevision | null | undefined; column: number }) {
  if (!revision) return null;
  const write = (value: number) => tableCellText(table, value, column);
  return (
    <span className="text-muted-foreground block min-w-36 text-xs" data-testid="cell-revision">
      Revised from {write(revision.previousValue)} on <time dateTime={revision.revisedAt}>{formatShortDate(revision.revisedAt)}</time>
      {revision.revisions > 1 && `; first published as ${write(revision.firstValue)}`}
    </span>
  );
}
