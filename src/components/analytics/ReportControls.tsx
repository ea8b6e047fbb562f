import { useId, type ReactNode } from 'react';
import { REPORT_SERIES_LABELS, type ReportSeries } from '@/lib/validation/reports';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';

/** One of the three report cards: a small form with its title, text and a Generate Report button. */
export function ReportCard({ title, text, onSubmit, children }: { title: string; text: string; onSubmit: () => void; children: ReactNode }) {
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

/** Checkboxes of series; the chosen ones keep the order they are offered in. */
export function SeriesChoice({
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

/** A labeled select of `options` (value → text); it answers only values of `options`. */
export function Choice<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: Record<V, string>;
  onChange: (v: V) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        options={(Object.entries(options) as [V, string][]).map(([v, text]) => ({ value: v, label: text }))}
      />
    </div>
  );
}
