// The parts of a reader's preferences form that its topics, price alerts and data alerts share:
// checkboxes choosing several, an alert row's selects, a list of alert rows and one alert's row.

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect, type SelectOption as Choice } from '@/components/ui/native-select';

/**
 * Checkboxes that choose several of `options`: `value` is what is chosen, and `onChange` gets
 * the new choice in the options' own order. Each box's id comes from `idOf` (tests and labels
 * rely on it).
 */
export function CheckboxChoices({
  options,
  value,
  onChange,
  idOf,
}: {
  options: readonly Choice[];
  value: readonly string[];
  onChange: (chosen: string[]) => void;
  idOf: (value: string) => string;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {options.map((o) => {
        const id = idOf(o.value);
        return (
          <div key={o.value} className="flex items-center gap-2">
            <input
              id={id}
              type="checkbox"
              checked={value.includes(o.value)}
              onChange={(e) => {
                const chosen = new Set(value);
                if (e.target.checked) chosen.add(o.value);
                else chosen.delete(o.value);
                onChange(options.filter((x) => chosen.has(x.value)).map((x) => x.value));
              }}
              className="size-4 shrink-0 accent-sky-600"
            />
            <label htmlFor={id} className="text-sm">
              {o.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** A labeled select of an alert's row (a series, a kind, a state, a sector), registered with the form. */
export function RowSelect({ id, label, field, options }: { id: string; label: ReactNode; field: UseFormRegisterReturn; options: readonly Choice[] }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      <NativeSelect id={id} {...field} options={options} />
    </div>
  );
}

/**
 * A reader's list of alerts (price alerts, state price alerts): what they are, a line when there
 * are none yet, one row each (the children), the list's error, and the button that adds one.
 */
export function AlertRows({
  legend,
  hint,
  empty,
  count,
  error,
  add,
  children,
}: {
  legend: { text: string; className: string };
  hint: ReactNode;
  empty: string;
  count: number;
  error: string | undefined;
  add: { label: string; onClick: () => void; disabled: boolean };
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className={legend.className}>{legend.text}</legend>
      <p className="text-muted-foreground text-sm">{hint}</p>
      {count === 0 && <p className="text-sm">{empty}</p>}
      <ul className="space-y-3">{children}</ul>
      {error && <p className="text-destructive text-sm">{error}</p>}
      <Button type="button" variant="secondary" onClick={add.onClick} disabled={add.disabled}>
        {add.label}
      </Button>
    </fieldset>
  );
}

/**
 * One alert of a list: its selects (the children), then its number (`${base}-${name}`, labeled
 * `label`, its error under the row), and the button that removes it.
 */
export function AlertItem({
  base,
  name,
  label,
  number,
  error,
  removeLabel,
  onRemove,
  children,
}: {
  base: string;
  name: string;
  label: string;
  number: UseFormRegisterReturn;
  error: string | undefined;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li className="bg-muted/40 grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_11.5rem_8rem_auto] sm:items-end">
      {children}
      <div className="grid gap-1">
        <label htmlFor={`${base}-${name}`} className="text-xs font-medium">
          {label}
        </label>
        <Input
          id={`${base}-${name}`}
          inputMode="decimal"
          {...number}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${base}-error` : undefined}
        />
      </div>
      <Button type="button" variant="outline" size="icon" aria-label={removeLabel} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
      {error && (
        <p id={`${base}-error`} className="text-destructive text-sm sm:col-span-4">
          {error}
        </p>
      )}
    </li>
  );
}
