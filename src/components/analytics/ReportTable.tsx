import type { Report } from '@/lib/wire/markets';
import { formatAsOf, formatNumber, isPeriod } from '@/lib/market-format';

/** A table cell as text: numbers with their column's decimals, dates as readers say them (the CSV keeps ISO dates), gaps as a dash. */
function cellText(value: string | number | null, decimals: number | null | undefined): string {
  if (value === null) return '–';
  if (typeof value !== 'number') return isPeriod(value) ? formatAsOf(value) : value;
  return decimals === null || decimals === undefined ? value.toLocaleString('en-US') : formatNumber(value, decimals);
}

/** The figures behind a report's chart, in a scrolling region of their own. */
export function ReportTable({ report }: { report: Report }) {
  const { columns, rows, decimals } = report.table;
  return (
    // A scrolling region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={`${report.title} data table`} tabIndex={0} className="max-h-96 overflow-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">
          {report.title}: {report.subtitle}
        </caption>
        <thead className="bg-muted sticky top-0">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={i === 0 ? 'px-3 py-2 text-left font-semibold' : 'px-3 py-2 text-right font-semibold'}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])} className="border-t">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {cellText(cell, decimals[i])}
                  </th>
                ) : (
                  <td key={i} className={typeof cell === 'number' ? 'px-3 py-1.5 text-right tabular-nums' : 'px-3 py-1.5 text-right'}>
                    {cellText(cell, decimals[i])}
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
