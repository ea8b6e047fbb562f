import { useState } from 'react';
import {
  BENCHMARKS,
  CHART_TYPES,
  REGIONAL_METRIC_LABELS,
  REPORT_RANGE_LABELS,
  REPORT_SERIES,
  SHARE_PERIOD_LABELS,
  type ChartType,
  type ReportKind,
} from '@/lib/validation/reports';
import { Button } from '@/components/ui/button';
import { Toaster } from '@/components/ui/toast';
import { Choice, ReportCard, SeriesChoice } from '@/components/analytics/ReportControls';
import { ReportView } from '@/components/analytics/ReportView';
import { defaultSettings, reportFromUrl, type ReportSettings } from '@/components/analytics/report-url';
import { useReport } from '@/components/analytics/use-report';

const CHART_TYPE_LABELS = Object.fromEntries(CHART_TYPES.map((c) => [c, `${c[0]?.toUpperCase()}${c.slice(1)} chart`])) as Record<ChartType, string>;

/** The Custom Reports tab: three report cards and the custom report builder, all shareable by URL. */
export default function ReportsPanel() {
  // Rendered in the browser only, so a shared link's report can start loading at once.
  const [shared] = useState(() => reportFromUrl(window.location.search));
  const [settings, setSettings] = useState<ReportSettings>(() => shared?.settings ?? defaultSettings());
  const { state, generate, fail } = useReport(shared);

  const update = <K extends ReportKind>(kind: K, patch: Partial<ReportSettings[K]>) =>
    setSettings((s) => ({ ...s, [kind]: { ...s[kind], ...patch } }));
  const generateWithSeries = (kind: 'price' | 'custom') => {
    if (settings[kind].series.length > 0) generate(kind, settings[kind]);
    else fail(kind, 'Choose at least one series.');
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        <ReportCard title="Price Analysis" text="Commodity price trends" onSubmit={() => generateWithSeries('price')}>
          <SeriesChoice legend="Benchmarks" options={BENCHMARKS} value={settings.price.series} onChange={(series) => update('price', { series })} />
          <Choice label="Range" value={settings.price.range} options={REPORT_RANGE_LABELS} onChange={(range) => update('price', { range })} />
        </ReportCard>
        <ReportCard title="Market Share" text="Energy source distribution" onSubmit={() => generate('share', settings.share)}>
          <Choice label="Period" value={settings.share.period} options={SHARE_PERIOD_LABELS} onChange={(period) => update('share', { period })} />
        </ReportCard>
        <ReportCard title="Regional Data" text="State-by-state analysis" onSubmit={() => generate('regional', settings.regional)}>
          <Choice
            label="Rank states by"
            value={settings.regional.metric}
            options={REGIONAL_METRIC_LABELS}
            onChange={(metric) => update('regional', { metric })}
          />
          <a href="/states" className="text-primary text-sm font-medium hover:underline">
            Every state&apos;s prices, generation and page
          </a>
        </ReportCard>
      </div>

      <form
        aria-labelledby="custom-report-title"
        className="rounded-lg border bg-gradient-to-br from-blue-50 to-amber-50 p-6 dark:from-blue-950/40 dark:to-amber-950/30"
        onSubmit={(e) => {
          e.preventDefault();
          generateWithSeries('custom');
        }}
      >
        <h2 id="custom-report-title" className="text-lg font-semibold">
          Create Custom Report
        </h2>
        <p className="text-muted-foreground mt-1 text-sm">
          Pick the series, date range and chart type you need. The report&apos;s link keeps your choices, so you can share it.
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
          <SeriesChoice legend="Series" options={REPORT_SERIES} value={settings.custom.series} onChange={(series) => update('custom', { series })} />
          <Choice label="Date range" value={settings.custom.range} options={REPORT_RANGE_LABELS} onChange={(range) => update('custom', { range })} />
          <Choice label="Chart type" value={settings.custom.chart} options={CHART_TYPE_LABELS} onChange={(chart) => update('custom', { chart })} />
        </div>
        <Button type="submit" variant="outline" className="mt-4">
          Create Custom Report
        </Button>
      </form>

      <p aria-live="polite" className="sr-only">
        {state.status === 'loading' ? 'Generating the report…' : state.status === 'ready' ? `${state.report.title} report ready.` : ''}
      </p>
      <ReportView state={state} />
      <Toaster />
    </div>
  );
}
