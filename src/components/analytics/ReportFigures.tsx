import type { Report } from '@/lib/wire/markets';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { reportChartProps } from '@/components/charts/chart-options';
import { REPORT_CHART_HEIGHT, reportChartMeta } from '@/lib/charts/specs/reports';

/**
 * A report's chart in the chart toolkit, its table under it (part of the report), the source
 * line, the series it draws linked to their pages, and its notes: what a generated report and
 * an analysis item's page show. `permalink` is the address that reopens it, `embed` its embed
 * page's; `mode="embed"` on that page (the table behind the switch, the series named by the
 * page's link back).
 */
export function ReportFigures({
  report,
  permalink,
  embed,
  mode = 'below',
}: {
  report: Report;
  permalink: string;
  embed?: string | undefined;
  mode?: 'below' | 'embed';
}) {
  const series = report.series ?? [];
  return (
    <ChartFigure
      label={report.kind}
      heading="none"
      mode={mode}
      height={REPORT_CHART_HEIGHT}
      chart={reportChartProps(report)}
      table={report.table}
      meta={reportChartMeta(report, permalink, embed)}
      footer={
        mode !== 'embed' &&
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
