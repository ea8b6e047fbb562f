import type { ApexOptions } from 'apexcharts';
import { Download, Link2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { getJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import {
  BENCHMARKS,
  CHART_TYPES,
  REGIONAL_METRIC_LABELS,
  REPORT_KINDS,
  REPORT_RANGE_LABELS,
  REPORT_SERIES,
  REPORT_SERIES_LABELS,
  SHARE_PERIOD_LABELS,
  reportQuerySchemas,
  type Report,
  type ReportKind,
  type ReportSeries,
} from '@/lib/validation/reports';
import { toast } from '@/stores/toast';
import { LazyChart } from '@/components/charts/LazyChart';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { NativeSelect } from '@/components/ui/native-select';
import { Toaster } from '@/components/ui/toast';

/** Each report's settings, as they appear in the page URL and the API query. */
interface Settings {
  price: { series: ReportSeries[]; range: string };
  share: { period: string };
  regional: { metric: string };
  custom: { series: ReportSeries[]; range: string; chart: string };
}

const defaults = (): Settings => ({
  price: reportQuerySchemas.price.parse({}),
  share: reportQuerySchemas.share.parse({}),
  regional: reportQuerySchemas.regional.parse({}),
  custom: reportQuerySchemas.custom.parse({}),
});

/** URL parameters of a report's settings (arrays as comma lists). */
function toParams(settings: Settings[ReportKind]): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** The report a shared URL asks for, with its settings; invalid settings fall back to the defaults. */
function fromUrl(search: string): { kind: ReportKind; settings: Settings } | undefined {
  const params = new URLSearchParams(search);
  const kind = params.get('report') as ReportKind | null;
  if (!kind || !REPORT_KINDS.includes(kind)) return undefined;
  const raw = Object.fromEntries([...params].filter(([k]) => k !== 'tab' && k !== 'report' && k !== 'format'));
  const parsed = reportQuerySchemas[kind].safeParse(raw);
  const settings = defaults();
  if (parsed.success) Object.assign(settings[kind], Object.fromEntries(Object.entries(parsed.data).filter(([key]) => key !== 'format')));
  return { kind, settings };
}

const PALETTE = ['#1d4ed8', '#d97706', '#15803d', '#7c3aed', '#be185d', '#0891b2', '#52525b'];

/** ApexCharts props for a report's chart. */
function chartProps(report: Report): { type: 'line' | 'area' | 'bar' | 'donut'; series: ApexOptions['series']; options: ApexOptions } {
  const { chart } = report;
  const format = (v: number) => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: chart.decimals }) : String(v));
  const base: ApexOptions = {
    chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: PALETTE,
    dataLabels: { enabled: false },
    legend: { show: true, position: 'bottom' },
    grid: { borderColor: '#e5e7eb', strokeDashArray: 3 },
    tooltip: { y: { formatter: format } },
  };
  if (chart.type === 'donut') {
    return {
      type: 'donut',
      series: (chart.series[0]?.data ?? []) as number[],
      options: { ...base, labels: chart.categories ?? [], dataLabels: { enabled: true, formatter: (v: number) => `${v.toFixed(1)}%` } },
    };
  }
  if (chart.xType === 'category') {
    return {
      type: 'bar',
      series: chart.series as ApexOptions['series'],
      options: {
        ...base,
        plotOptions: { bar: { horizontal: chart.horizontal ?? false, borderRadius: 3 } },
        xaxis: { categories: chart.categories ?? [], labels: { formatter: (v: string) => (Number.isNaN(Number(v)) ? v : format(Number(v))) } },
      },
    };
  }
  return {
    type: chart.type,
    series: chart.series as ApexOptions['series'],
    options: {
      ...base,
      stroke: { width: chart.type === 'bar' ? 0 : 2, curve: 'straight' },
      xaxis: { type: 'datetime', labels: { datetimeUTC: true } },
      yaxis: { title: { text: chart.yTitle }, labels: { formatter: format } },
      tooltip: { x: { format: 'dd MMM yyyy' }, y: { formatter: format } },
    },
  };
}

function ReportCard({ title, text, onSubmit, children }: { title: string; text: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="bg-card flex flex-col rounded-lg border p-5 shadow-sm" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-muted-foreground mt-1 text-sm">{text}</p>
      <div className="mt-4 flex-1 space-y-3">{children}</div>
      <Button type="submit" className="mt-4">
        Generate Report
      </Button>
    </form>
  );
}

function SeriesChoice({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly ReportSeries[];
  value: ReportSeries[];
  onChange: (v: ReportSeries[]) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((s) => (
          <label key={s} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-primary size-4"
              checked={value.includes(s)}
              onChange={(e) => onChange(e.target.checked ? options.filter((o) => o === s || value.includes(o)) : value.filter((v) => v !== s))}
            />
            {REPORT_SERIES_LABELS[s]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Record<string, string>;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(options).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

type State =
  | { status: 'idle' }
  | { status: 'loading'; kind: ReportKind }
  | { status: 'error'; kind: ReportKind; message: string }
  | { status: 'ready'; kind: ReportKind; report: Report; query: string };

function ReportTable({ report }: { report: Report }) {
  const fmt = (v: string | number | null) => (v === null ? '–' : typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 3 }) : v);
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
            {report.table.columns.map((c, i) => (
              <th key={c} scope="col" className={i === 0 ? 'px-3 py-2 text-left font-semibold' : 'px-3 py-2 text-right font-semibold'}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.table.rows.map((row) => (
            <tr key={String(row[0])} className="border-t">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal">
                    {fmt(cell)}
                  </th>
                ) : (
                  <td key={i} className={typeof cell === 'number' ? 'px-3 py-1.5 text-right tabular-nums' : 'px-3 py-1.5 text-right'}>
                    {fmt(cell)}
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

function ReportView({ state }: { state: State }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status === 'ready') heading.current?.focus();
  }, [state]);
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label="Generating the report" className="bg-card space-y-4 rounded-lg border p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-[360px] w-full" />
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
  const props = chartProps(report);
  const copyLink = () => {
    void navigator.clipboard?.writeText(window.location.href).then(
      () => toast({ title: 'Link copied', description: 'Anyone with the link sees this report.' }),
      () => toast({ title: 'Copy failed', description: 'Copy the address from the address bar instead.', variant: 'destructive' }),
    );
  };
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
      <LazyChart label={report.kind} type={props.type} series={props.series} options={props.options} height={360} />
      <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
        {report.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <ReportTable report={report} />
    </section>
  );
}

/** The Custom Reports tab: three report cards and the custom report builder, all shareable by URL. */
export default function ReportsPanel() {
  // Rendered in the browser only, so a shared link's report can start loading at once.
  const [shared] = useState(() => fromUrl(window.location.search));
  const [settings, setSettings] = useState<Settings>(() => shared?.settings ?? defaults());
  const [state, setState] = useState<State>(() => (shared ? { status: 'loading', kind: shared.kind } : { status: 'idle' }));
  const request = useRef(0);

  const load = (kind: ReportKind, params: URLSearchParams) => {
    const id = ++request.current;
    getJson<Report>(`/api/reports/${kind}?${params}`)
      .then(({ data }) => {
        if (id === request.current) setState({ status: 'ready', kind, report: data, query: params.toString() });
      })
      .catch((error: unknown) => {
        if (id === request.current)
          setState({ status: 'error', kind, message: submitErrorMessage(error, 'The report could not be generated. Please try again.') });
      });
  };

  const generate = (kind: ReportKind, values: Settings[ReportKind]) => {
    const params = new URLSearchParams(toParams(values));
    const url = new URL(window.location.href);
    url.search = new URLSearchParams({ tab: 'reports', report: kind, ...Object.fromEntries(params) }).toString();
    window.history.replaceState(null, '', url);
    setState({ status: 'loading', kind });
    load(kind, params);
  };

  useEffect(() => {
    if (shared) load(shared.kind, new URLSearchParams(toParams(shared.settings[shared.kind])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = <K extends ReportKind>(kind: K, patch: Partial<Settings[K]>) => setSettings((s) => ({ ...s, [kind]: { ...s[kind], ...patch } }));
  const needSeries = (kind: 'price' | 'custom') => {
    if (settings[kind].series.length > 0) return true;
    setState({ status: 'error', kind, message: 'Choose at least one series.' });
    return false;
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-3">
        <ReportCard title="Price Analysis" text="Commodity price trends" onSubmit={() => needSeries('price') && generate('price', settings.price)}>
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
        </ReportCard>
      </div>

      <form
        aria-labelledby="custom-report-title"
        className="rounded-lg border bg-gradient-to-br from-blue-50 to-amber-50 p-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (needSeries('custom')) generate('custom', settings.custom);
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
          <Choice
            label="Chart type"
            value={settings.custom.chart}
            options={Object.fromEntries(CHART_TYPES.map((c) => [c, `${c[0]?.toUpperCase()}${c.slice(1)} chart`]))}
            onChange={(chart) => update('custom', { chart })}
          />
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
