import { useEffect, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ReportFigures } from '@/components/analytics/ReportFigures';
import { REPORT_CHART_HEIGHT } from '@/lib/charts/specs/reports';
import type { ReportState } from '@/components/analytics/use-report';
import { reportEmbedPath } from '@/lib/chart-embeds';

/** The generated report, or its loading or error state; the report's heading takes focus when it is ready. */
export function ReportView({ state }: { state: ReportState }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status === 'ready') heading.current?.focus();
  }, [state]);
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <div aria-busy="true" aria-label="Generating the report" className="bg-card space-y-4 rounded-lg border p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="w-full" style={{ height: REPORT_CHART_HEIGHT }} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="border-destructive/40 bg-card text-destructive rounded-lg border p-6">
        {state.message}
      </p>
    );
  }
  const { report } = state;
  return (
    <section aria-labelledby="report-title" className="bg-card space-y-4 rounded-lg border p-4 shadow-sm sm:p-6" data-report={report.kind}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="report-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {report.title}
          </h2>
          <p className="text-muted-foreground text-sm">{report.subtitle}</p>
        </div>
      </div>
      {/* The page's address holds the report's settings (useReport puts them there), so it reopens it. */}
      <ReportFigures report={report} view={reportEmbedPath(report.kind, new URLSearchParams(state.query))} permalink={window.location.href} />
    </section>
  );
}
