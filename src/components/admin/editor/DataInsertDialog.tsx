import { useEffect, useId, useState } from 'react';
import { ApiError, getJson } from '@/lib/api-client';
import { chartRefSchema, CHART_CAPTION_MAX, type ChartRef, type FigureRef } from '@/lib/data-refs';
import { SERIES_RANGES, SERIES_RANGE_LABELS } from '@/lib/series-stats';
import { comparableSeries, MAX_COMPARED } from '@/lib/series-view';
import { GRID_CHARTS } from '@/lib/validation/grid-query';
import { STATE_CHARTS } from '@/lib/validation/state-query';
import { REPORT_RANGES, REPORT_RANGE_LABELS } from '@/lib/validation/reports';
import * as z from '@/lib/validation/zod-mini';
import type { CatalogFigure, CatalogItem } from '@/lib/wire/markets';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect, type SelectOption } from '@/components/ui/native-select';

export type DataInsertKind = 'figure' | 'chart';

const CHART_LABELS = {
  demand: 'Demand',
  generation: 'Generation by source',
  interchange: 'Interchange with neighbors',
  price: 'Retail price',
} as const;
const COMPARABLE = comparableSeries();

/** What the server said went wrong, or `fallback`. */
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.body?.message) || fallback;

/** The catalog entries a query finds, fetched as the editor types (the last query's answer wins; `loading` until it came). */
function useCatalogSearch(query: string, figures: boolean) {
  const key = `${figures ? 1 : 0}|${query}`;
  const [state, setState] = useState<{ key: string; items: CatalogItem[]; error: string }>({ key: '', items: [], error: '' });
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, ...(figures && { figures: '1' }) });
      getJson<CatalogItem[]>(`/api/admin/catalog?${params}`, { signal: controller.signal })
        .then(({ data }) => setState({ key, items: data, error: '' }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setState({ key, items: [], error: messageOf(error, 'The catalog could not be searched.') });
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, query, figures]);
  return { ...state, loading: state.key !== key };
}

/** The figure of the chosen series on the chosen day (its latest without one), once read. */
function useFigure(series: string | undefined, date: string) {
  const key = `${series ?? ''}|${date}`;
  const [state, setState] = useState<{ key: string; figure?: CatalogFigure | undefined; error: string }>({ key: '', error: '' });
  useEffect(() => {
    if (!series) return;
    const controller = new AbortController();
    const params = new URLSearchParams({ series, ...(date && { date }) });
    getJson<CatalogFigure>(`/api/admin/catalog/figure?${params}`, { signal: controller.signal })
      .then(({ data }) => setState({ key, figure: data, error: '' }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ key, error: messageOf(error, 'The figure could not be read.') });
      });
    return () => controller.abort();
  }, [key, series, date]);
  return series && state.key === key ? state : { key, figure: undefined, error: '' };
}

/**
 * Inserting data into a story from the catalog: a figure (a market series' value on a chosen
 * day, its latest by default) inline, or a chart block (a series view with its range, compared
 * series and caption; a grid region's, a state's or a report's chart). Search by name, EIA id or
 * keyword; the results are a group of radio buttons (arrows move between them), the figure or
 * chart options below, and Insert. Nothing is typed by hand: the reference comes from the data.
 */
export function DataInsertDialog({
  kind,
  open,
  onOpenChange,
  onInsertFigure,
  onInsertChart,
}: {
  kind: DataInsertKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsertFigure: (ref: FigureRef) => void;
  onInsertChart: (ref: ChartRef) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide" data-data-insert={kind}>
        <DialogHeader>
          <DialogTitle>{kind === 'figure' ? 'Insert a figure' : 'Insert a chart'}</DialogTitle>
          <DialogDescription>
            {kind === 'figure'
              ? 'Find a market series by name, EIA id or keyword, and choose the day. The story shows the figure with its source and date, and later what it is now and any revision by EIA.'
              : 'Find a series, grid region, state or report by name, EIA id or keyword. The story shows the chart drawn from the data, with its source, table and downloads.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <InsertBody
            kind={kind}
            onFigure={(ref) => {
              onInsertFigure(ref);
              onOpenChange(false);
            }}
            onChart={(ref) => {
              onInsertChart(ref);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InsertBody({ kind, onFigure, onChart }: { kind: DataInsertKind; onFigure: (ref: FigureRef) => void; onChart: (ref: ChartRef) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const search = useCatalogSearch(query, kind === 'figure');
  const [chosen, setChosen] = useState<CatalogItem | undefined>(undefined);
  const [date, setDate] = useState('');
  const figure = useFigure(kind === 'figure' ? chosen?.key : undefined, date);
  const [range, setRange] = useState('');
  const [compare, setCompare] = useState<string[]>([]);
  const [chart, setChart] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState('');

  const choose = (item: CatalogItem) => {
    setChosen(item);
    setRange('');
    setCompare([]);
    setChart('');
    setError('');
  };

  const insert = () => {
    if (!chosen) return setError(kind === 'figure' ? 'Choose a series.' : 'Choose what the chart shows.');
    if (kind === 'figure') {
      if (!figure.figure) return setError(figure.error || 'The figure is not read yet.');
      return onFigure({ series: figure.figure.series, date: figure.figure.period, value: String(figure.figure.value) });
    }
    const candidate = {
      kind: chosen.kind,
      key: chosen.key,
      ...(range && { range }),
      ...(chosen.kind === 'markets' && compare.length > 0 && { compare: compare.join(',') }),
      ...(chart && { chart }),
      ...(caption.trim() && { caption: caption.trim() }),
    };
    const parsed = z.safeParse(chartRefSchema, candidate);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'This chart cannot be inserted.');
    onChart(parsed.data);
  };

  const resultsId = `${id}-results`;
  return (
    <div className="grid gap-4">
      <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-q`}>
        Search the data catalog
        <Input
          id={`${id}-q`}
          type="search"
          value={query}
          autoComplete="off"
          placeholder="WTI, RWTC, gas storage, Texas…"
          aria-controls={resultsId}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </label>
      <CatalogResults id={resultsId} search={search} chosen={chosen} onChoose={choose} />

      {chosen && kind === 'figure' && (
        <div className="grid gap-2">
          <label className="grid gap-1 text-sm font-medium sm:max-w-xs" htmlFor={`${id}-date`}>
            Day (empty: the latest figure)
            <Input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <p className="text-sm" aria-live="polite" data-testid="figure-preview">
            {figure.figure ? `The story will say: ${figure.figure.text}` : figure.error}
          </p>
        </div>
      )}

      {chosen && kind === 'chart' && (
        <ChartOptions
          id={id}
          chosen={chosen}
          range={[range, setRange]}
          compare={[compare, setCompare]}
          chart={[chart, setChart]}
          caption={[caption, setCaption]}
        />
      )}

      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={insert} disabled={!chosen || (kind === 'figure' && !figure.figure)}>
          {kind === 'figure' ? 'Insert figure' : 'Insert chart'}
        </Button>
      </div>
    </div>
  );
}

type Field<T> = [T, (value: T | ((previous: T) => T)) => void];

/** The results of a search: a group of radio buttons, one per entry (arrows move between them). */
function CatalogResults({
  id,
  search,
  chosen,
  onChoose,
}: {
  id: string;
  search: ReturnType<typeof useCatalogSearch>;
  chosen: CatalogItem | undefined;
  onChoose: (item: CatalogItem) => void;
}) {
  return (
    <fieldset id={id} className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2" aria-busy={search.loading}>
      <legend className="sr-only">Results</legend>
      <p className="sr-only" aria-live="polite">
        {search.loading ? '' : `${search.items.length} ${search.items.length === 1 ? 'result' : 'results'}`}
      </p>
      {search.error && (
        <p role="alert" className="text-destructive text-sm">
          {search.error}
        </p>
      )}
      {!search.loading && !search.error && search.items.length === 0 && (
        <p className="text-muted-foreground text-sm">Nothing in the catalog matches.</p>
      )}
      {search.items.map((item) => {
        const entryId = `${id}-${item.kind}-${item.key}`;
        return (
          <div key={entryId} className="hover:bg-muted has-[:checked]:bg-muted flex items-start gap-2 rounded px-2 py-1.5 text-sm">
            <input
              id={entryId}
              type="radio"
              name={`${id}-entry`}
              className="mt-1"
              checked={chosen?.kind === item.kind && chosen.key === item.key}
              onChange={() => onChoose(item)}
            />
            <label htmlFor={entryId} className="cursor-pointer">
              <span className="font-medium">{item.name}</span>
              <span className="text-muted-foreground block text-xs">
                {item.detail}
                {item.latest && ` · latest ${item.latest.text}`}
              </span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A choice of the chart's view (its range, which chart), with the chart's own view as the first option. */
function ViewSelect({ id, label, field: [value, setValue], options }: { id: string; label: string; field: Field<string>; options: SelectOption[] }) {
  return (
    <label className="grid gap-1 text-sm font-medium" htmlFor={id}>
      {label}
      <NativeSelect id={id} value={value} onChange={(e) => setValue(e.target.value)} options={options}>
        <option value="">Default</option>
      </NativeSelect>
    </label>
  );
}

/** A chart block's options for what was chosen: the range, the series compared, which chart, the caption. */
function ChartOptions({
  id,
  chosen,
  range: [range, setRange],
  compare: [compare, setCompare],
  chart: [chart, setChart],
  caption: [caption, setCaption],
}: {
  id: string;
  chosen: CatalogItem;
  range: Field<string>;
  compare: Field<string[]>;
  chart: Field<string>;
  caption: Field<string>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(chosen.kind === 'markets' || chosen.kind === 'reports') && (
        <ViewSelect
          id={`${id}-range`}
          label="Range"
          field={[range, setRange]}
          options={
            chosen.kind === 'markets'
              ? SERIES_RANGES.map((r) => ({ value: r, label: SERIES_RANGE_LABELS[r] }))
              : REPORT_RANGES.map((r) => ({ value: r, label: REPORT_RANGE_LABELS[r] }))
          }
        />
      )}
      {(chosen.kind === 'grid' || chosen.kind === 'states') && (
        <ViewSelect
          id={`${id}-chart`}
          label="Chart"
          field={[chart, setChart]}
          options={(chosen.kind === 'grid' ? GRID_CHARTS : STATE_CHARTS).map((c) => ({ value: c, label: CHART_LABELS[c] }))}
        />
      )}
      {chosen.kind === 'markets' && (
        <fieldset className="grid gap-1 text-sm sm:col-span-2">
          <legend className="font-medium">Compare with (up to {MAX_COMPARED})</legend>
          <div className="grid max-h-32 gap-1 overflow-y-auto sm:grid-cols-2">
            {COMPARABLE.filter((s) => s.slug !== chosen.key).map((s) => (
              <label key={s.slug} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={compare.includes(s.slug)}
                  disabled={!compare.includes(s.slug) && compare.length >= MAX_COMPARED}
                  onChange={(e) => setCompare((c) => (e.target.checked ? [...c, s.slug] : c.filter((x) => x !== s.slug)))}
                />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="grid gap-1 text-sm font-medium sm:col-span-2" htmlFor={`${id}-caption`}>
        Caption (optional)
        <Input id={`${id}-caption`} value={caption} maxLength={CHART_CAPTION_MAX} onChange={(e) => setCaption(e.target.value)} />
      </label>
    </div>
  );
}
