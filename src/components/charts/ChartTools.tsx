import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { buttonVariants } from '@/components/ui/button';
import type { ChartProps } from '@/components/charts/chart-options';
import { embedCode, type ChartMeta } from '@/lib/chart-meta';
import { tableCsv, type ChartTable } from '@/lib/chart-table';
import { SITE_NAME } from '@/lib/site';
import { cn } from '@/lib/utils';

/** Saves a file the page made. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const menuClass = 'bg-card absolute right-0 z-20 mt-1 rounded-md border p-2 text-sm shadow-lg';
const itemClass = 'hover:bg-muted focus-visible:bg-muted block w-full rounded px-3 py-2 text-left disabled:opacity-60';
const summaryClass = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden');

/** A menu that opens under its button (a native `<details>`: it opens without script too) and closes on Escape. */
function Menu({
  label,
  menu,
  className,
  children,
}: {
  label: string;
  menu?: RefObject<HTMLDetailsElement | null>;
  className: string;
  children: ReactNode;
}) {
  const own = useRef<HTMLDetailsElement | null>(null);
  const ref = menu ?? own;
  useEffect(() => {
    const details = ref.current;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    details?.addEventListener('keydown', close);
    return () => details?.removeEventListener('keydown', close);
  }, [ref]);
  return (
    <details ref={ref} className="relative">
      <summary className={summaryClass}>{label}</summary>
      <div className={cn(menuClass, className)}>{children}</div>
    </details>
  );
}

/** A read-only field with a copy button: the permalink, the embed code. */
function CopyField({ label, value, rows, onStatus }: { label: string; value: string; rows?: number; onStatus: (message: string) => void }) {
  const id = useId();
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => onStatus(`${label} copied.`),
      () => onStatus(`Select the ${label.toLowerCase()} and copy it.`),
    );
  const field = 'bg-background w-full rounded border px-2 py-1 text-xs';
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {rows ? (
        <textarea id={id} readOnly rows={rows} value={value} className={cn(field, 'font-mono')} onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <input id={id} readOnly value={value} className={field} onFocus={(e) => e.currentTarget.select()} />
      )}
      <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={copy}>
        Copy {label.toLowerCase()}
      </button>
    </div>
  );
}

/**
 * An address made absolute against the page's own once it runs in the browser (a card's
 * permalink is its page's path, its embed `/embed/cards/…`); as given while rendering on the server, so hydration matches.
 */
function useAbsolute(address: string): string {
  const base = useSyncExternalStore(
    () => () => undefined,
    () => window.location.href,
    () => undefined,
  );
  return base ? new URL(address, base).href : address;
}

export interface ChartToolsProps {
  meta: ChartMeta;
  chart: ChartProps;
  table: ChartTable;
  height: number;
  onStatus: (message: string) => void;
}

/**
 * What a reader can take away from a chart: the picture as PNG or SVG with its title, units,
 * source, as-of date and the site's name drawn in (the code for that, ApexCharts' export and the
 * frame, loads only when asked: `chart-export.ts`), the CSV of exactly the figures shown, a
 * link to this view and the code to embed it.
 */
export function ChartTools({ meta, chart, table, height, onStatus }: ChartToolsProps) {
  const [busy, setBusy] = useState<'png' | 'svg' | undefined>();
  const permalink = useAbsolute(meta.permalink);
  const embed = useAbsolute(meta.embed ?? '');
  const download = useRef<HTMLDetailsElement | null>(null);
  const finish = (message: string) => {
    onStatus(message);
    if (download.current) download.current.open = false;
  };
  const image = (format: 'png' | 'svg') => {
    const name = format.toUpperCase();
    setBusy(format);
    onStatus(`Preparing the ${name}…`);
    import('@/components/charts/chart-export')
      .then(({ chartImage }) => chartImage(format, chart, { ...meta, permalink, siteName: SITE_NAME }))
      .then((blob) => {
        saveFile(blob, `${meta.filename}.${format}`);
        finish(`${name} downloaded.`);
      })
      .catch(() => finish(`The ${name} could not be made. Please try again.`))
      .finally(() => setBusy(undefined));
  };
  const csv = () => {
    saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), `${meta.filename}.csv`);
    finish('CSV downloaded.');
  };
  return (
    <div className="flex gap-2">
      <Menu label="Download" menu={download} className="w-60">
        {(['png', 'svg'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className={itemClass}
            disabled={busy !== undefined}
            aria-busy={busy === format}
            onClick={() => image(format)}
          >
            {busy === format ? `Preparing ${format.toUpperCase()}…` : format === 'png' ? 'Image (PNG)' : 'Vector image (SVG)'}
          </button>
        ))}
        <button type="button" className={itemClass} onClick={csv}>
          Data shown (CSV)
        </button>
      </Menu>
      <Menu label="Share" className="w-[min(22rem,calc(100vw-2.5rem))] space-y-3">
        <CopyField label="Link" value={permalink} onStatus={onStatus} />
        {meta.embed && <CopyField label="Embed code" value={embedCode(embed, meta.title, height)} rows={4} onStatus={onStatus} />}
      </Menu>
    </div>
  );
}
