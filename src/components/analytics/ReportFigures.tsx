import type { Report } from '@/lib/wire/markets';
import { ChartSource } from '@/components/charts/ChartSource';
import { LazyChart } from '@/components/charts/LazyChart';
import { reportChartProps } from '@/components/charts/chart-options';
import { ReportTable } from '@/components/analytics/ReportTable';

export const REPORT_CHART_HEIGHT = 360;

/** A report's chart with its source line, notes and table: what a generated report and an analysis item's page show. */
export function ReportFigures({ report }: { report: Report }) {
  return (
    <div className="space-y-4">
      <div>
        <LazyChart label={report.kind} {...reportChartProps(report)} height={REPORT_CHART_HEIGHT} />
        <ChartSource>{report.source}</ChartSource>
        {report.series && report.series.length > 0 && (
          <p className="text-muted-foreground mt-1 text-xs">
            Series:{' '}
            {report.series.map((s, i) => (
              <span key={s.slug}>
                {i > 0 && ', '}
                <a className="text-primary underline-offset-2 hover:underline" href={`/markets/${s.slug}`}>
                  {s.name}
                </a>
              </span>
            ))}
          </p>
        )}
      </div>
      <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
        {report.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <ReportTable report={report} />
    </div>
  );
}
