import type { ReactNode } from 'react';
import { IllustrativeBadge } from '@/components/charts/IllustrativeBadge';

/** A visually hidden table: a chart's text alternative for screen readers. */
export function DataTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([a, b]) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Fixed example figures, set apart from measured ones: a dashed box with a visible
 * "Illustrative figures" badge and a line saying they are examples.
 */
export function IllustrativeFigures({ children }: { children: ReactNode }) {
  return (
    <div
      className="mt-4 rounded-md border border-dashed border-amber-300 bg-amber-50/40 p-3 dark:border-amber-700 dark:bg-amber-950/30"
      data-illustrative=""
    >
      <IllustrativeBadge />
      <div className="mt-2 space-y-1">{children}</div>
      <p className="text-muted-foreground mt-2 text-xs">Example figures for demonstration, not market data.</p>
    </div>
  );
}
