import type { Report } from '@/lib/wire/markets';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { reportChartProps } from '@/components/charts/chart-options';

export const REPORT_CHART_HEIGHT = 360;

/**
 * A report's chart in the chart toolkit, its table under it (part of the report), the source
 * line, the series it draws linked to their pages, and its notes: what a generated report and
 * an analysis item's page show. `permalink` is the address that reopens it.
 */
export function ReportFigures({ report, permalink }: { report: Report; permalink: string }) {
  const series = report.series ?? [];
  return (
    <ChartFigure
      label={report.kind}
      heading="none"
      mode="below"
      height={REPORT_CHART_HEIGHT}
      chart={reportChartProps(report)}
      table={report.table}
      meta={{
        title: report.title,
        subtitle: report.subtitle,
        units: report.chart.yTitle,
        source: report.source,
        notes: report.notes,
        permalink,
        filename: report.filename.replace(/\.csv$/, ''),
      }}
      footer={
        series.length > 0 && (
          <p className="text-muted-foreground mt-1 text-xs">
            Series:{' '}
            {series.map((s, i) => (
              <span key={s.slug}>
                {i > 0 && ', '}
                <a className="text-primary underline-offset-2 hover:underline" href={`/markets/${s.slug}`}>
                  {s.name}
                </a>
              </span>
            ))}
          </p>
        )
      }
    />
  );
}
