import { useId } from 'react';
import { ChartSource } from '@/components/charts/ChartSource';
import { ChartTableView } from '@/components/charts/ChartTableView';
import { ReportSeriesLinks } from '@/components/analytics/ReportSeriesLinks';
import { reportChartFiles } from '@/lib/chart-embeds';
import { embedCode } from '@/lib/chart-meta';
import { reportChartSpec } from '@/lib/charts/specs/reports';
import { renderSvgChart } from '@/lib/charts/svg-chart';
import type { Report } from '@/lib/wire/markets';

/** The chart files a report offers, as its chart address serves them. */
const FILES = [
  ['svg', 'Vector image (SVG)'],
  ['png', 'Image (PNG)'],
  ['csv', 'Data shown (CSV)'],
  ['json', 'Data shown (JSON)'],
] as const;

/**
 * A report generated on the Custom Reports tab: its chart drawn by the same renderer the server
 * uses (a flat SVG, no chart library), its table under it, the source line, the series it draws
 * linked to their pages, its notes, and its files at its chart address (`/charts/reports/{kind}`
 * with its settings, from `view`, its embed address). The server draws the same report on an
 * analysis item's page and in the embeds (`ReportChart.astro`).
 */
export function ReportFigures({ report, view, permalink }: { report: Report; view: string | undefined; permalink: string }) {
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const spec = reportChartSpec(report);
  const svg = renderSvgChart(spec, { width: 760, height: 360, theme: 'inherit', idPrefix: `report-${id}` });
  const files = view ? reportChartFiles(report.kind, view) : undefined;
  const series = report.series ?? [];
  const embed = view && new URL(view, permalink).href;
  const field = 'bg-background w-full rounded border px-2 py-1 text-xs';
  return (
    <figure aria-label={report.title} className="server-chart min-w-0 space-y-3" data-chart-figure={report.kind}>
      {files && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Download the chart">
          {FILES.map(([ext, text]) => (
            <li key={ext}>
              <a
                className="text-primary underline-offset-2 hover:underline"
                href={`${files.path}.${ext}${files.query}`}
                download={`${report.filename.replace(/\.csv$/, '')}.${ext}`}
              >
                {text}
              </a>
            </li>
          ))}
        </ul>
      )}
      <details className="text-sm">
        <summary className="text-primary cursor-pointer">Share</summary>
        <div className="mt-2 max-w-md space-y-2">
          <div className="space-y-1">
            <label htmlFor={`report-${id}-link`} className="block font-medium">
              Link
            </label>
            <input id={`report-${id}-link`} readOnly value={permalink} className={field} />
          </div>
          {embed && (
            <div className="space-y-1">
              <label htmlFor={`report-${id}-embed`} className="block font-medium">
                Embed code
              </label>
              <textarea id={`report-${id}-embed`} readOnly rows={4} value={embedCode(embed, report.title, 360)} className={`${field} font-mono`} />
            </div>
          )}
        </div>
      </details>
      {/* The renderer's SVG: escaped text, drawn from the report's figures. */}
      <div className="chart-view" data-chart={report.kind} dangerouslySetInnerHTML={{ __html: svg }} />
      <ChartTableView table={report.table} caption={report.title} description={report.subtitle} />
      <figcaption>
        <ChartSource className="mt-0">{report.source}</ChartSource>
        {report.notes.map((n) => (
          <p key={n} className="text-muted-foreground mt-1 text-xs">
            {n}
          </p>
        ))}
        {series.length > 0 && <ReportSeriesLinks series={series} />}
      </figcaption>
    </figure>
  );
}
