import { Download, Link2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ReportFigures, REPORT_CHART_HEIGHT } from '@/components/analytics/ReportFigures';
import type { ReportState } from '@/components/analytics/use-report';

function copyLink() {
  void navigator.clipboard?.writeText(window.location.href).then(
    () => toast({ title: 'Link copied', description: 'Anyone with the link sees this report.' }),
    () => toast({ title: 'Copy failed', description: 'Copy the address from the address bar instead.', variant: 'destructive' }),
  );
}

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
  const { report, query } = state;
  return (
    <section aria-labelledby="report-title" className="bg-card space-y-4 rounded-lg border p-4 shadow-sm sm:p-6" data-report={report.kind}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="report-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {report.title}
          </h2>
          <p className="text-muted-foreground text-sm">{report.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`/api/reports/${report.kind}?${query}&format=csv`} download={report.filename}>
              <Download aria-hidden="true" /> Download CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={copyLink}>
            <Link2 aria-hidden="true" /> Copy link
          </Button>
        </div>
      </div>
      <ReportFigures report={report} />
    </section>
  );
}
