import { Trash2 } from 'lucide-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { DATA_ALERT_REGIONS, DATA_ALERT_SECTORS, DATA_ALERT_STATES, DATA_ALERT_TEXT, MAX_STATE_PRICE_ALERTS } from '@/lib/data-alerts';
import { MAIL_EDITIONS, editionHint } from '@/lib/mail-editions';
import type { NewsletterPreferences, NewsletterPreferencesFormInput } from '@/lib/validation/newsletter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ZodForm } from '@/components/forms/use-zod-form';

type PreferencesForm = ZodForm<NewsletterPreferencesFormInput, NewsletterPreferences>;

/**
 * A reader's data alerts (`src/lib/data-alerts.ts`): gas storage leaving its five-year range,
 * the grid regions whose demand records they want to hear of, and their states' price moves
 * (a state, a sector and a percentage; at most MAX_STATE_PRICE_ALERTS).
 */
export function DataAlertsFieldset({ form }: { form: PreferencesForm }) {
  const storageId = form.fieldId('data-storage');
  return (
    <fieldset className="space-y-5">
      <legend className="mb-2 text-lg font-semibold">{MAIL_EDITIONS.dataAlerts.label}</legend>
      <p className="text-muted-foreground text-sm">We send you {editionHint(MAIL_EDITIONS.dataAlerts)}, for the alerts you choose here.</p>
      <div className="flex items-start gap-2">
        <input id={storageId} type="checkbox" {...form.register('dataAlerts.storageRange')} className="mt-0.5 size-4 shrink-0 accent-sky-600" />
        <label htmlFor={storageId} className="text-sm">
          <span className="font-medium">{DATA_ALERT_TEXT['storage-range'].label}</span>{' '}
          <span className="text-muted-foreground">— {DATA_ALERT_TEXT['storage-range'].hint}</span>
        </label>
      </div>
      <DemandRecordsFieldset form={form} />
      <StatePricesFieldset form={form} />
    </fieldset>
  );
}

/** The regions whose demand records the reader wants, as checkboxes in the catalog's order. */
function DemandRecordsFieldset({ form }: { form: PreferencesForm }) {
  const hintId = form.fieldId('demand-records-hint');
  const error = form.formState.errors.dataAlerts?.demandRecords?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-base font-medium">{DATA_ALERT_TEXT['demand-record'].label}</legend>
      <p id={hintId} className="text-muted-foreground text-sm">
        {DATA_ALERT_TEXT['demand-record'].hint}
      </p>
      <Controller
        control={form.control}
        name="dataAlerts.demandRecords"
        render={({ field }) => (
          <div className="grid gap-2 sm:grid-cols-2">
            {DATA_ALERT_REGIONS.map((r) => {
              const id = form.fieldId(`region-${r.code}`);
              return (
                <div key={r.code} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    checked={field.value.includes(r.code)}
                    onChange={(e) => {
                      const chosen = new Set(field.value);
                      if (e.target.checked) chosen.add(r.code);
                      else chosen.delete(r.code);
                      field.onChange(DATA_ALERT_REGIONS.filter((x) => chosen.has(x.code)).map((x) => x.code));
                    }}
                    className="size-4 shrink-0 accent-sky-600"
                  />
                  <label htmlFor={id} className="text-sm">
                    {r.name}
                  </label>
                </div>
              );
            })}
          </div>
        )}
      />
      {error && <p className="text-destructive text-sm">{error}</p>}
    </fieldset>
  );
}

/** The reader's state price alerts: each a state, a sector and a percentage. */
function StatePricesFieldset({ form }: { form: PreferencesForm }) {
  const rows = useFieldArray({ control: form.control, name: 'dataAlerts.statePrices' });
  const listError = form.formState.errors.dataAlerts?.statePrices?.message ?? form.formState.errors.dataAlerts?.statePrices?.root?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-medium">{DATA_ALERT_TEXT['state-price'].label}</legend>
      <p className="text-muted-foreground text-sm">
        {DATA_ALERT_TEXT['state-price'].hint} Up to {MAX_STATE_PRICE_ALERTS}.
      </p>
      {rows.fields.length === 0 && <p className="text-sm">No state price alerts yet.</p>}
      <ul className="space-y-3">
        {rows.fields.map((field, index) => (
          <StatePriceRow
            key={field.id}
            form={form}
            index={index}
            base={form.fieldId(`state-price-${field.id}`)}
            onRemove={() => rows.remove(index)}
          />
        ))}
      </ul>
      {listError && <p className="text-destructive text-sm">{listError}</p>}
      <Button
        type="button"
        variant="secondary"
        onClick={() => rows.append({ state: 'TX', sector: 'RES', percent: '' }, { shouldFocus: false })}
        disabled={rows.fields.length >= MAX_STATE_PRICE_ALERTS}
      >
        Add a state price alert
      </Button>
    </fieldset>
  );
}

/** One state price alert: the state, the sector and the percentage of a move. */
function StatePriceRow({ form, index, base, onRemove }: { form: PreferencesForm; index: number; base: string; onRemove: () => void }) {
  const percentError = form.formState.errors.dataAlerts?.statePrices?.[index]?.percent?.message;
  return (
    <li className="bg-muted/40 grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_11.5rem_8rem_auto] sm:items-end">
      <div className="grid gap-1">
        <label htmlFor={`${base}-state`} className="text-xs font-medium">
          State price alert {index + 1}: state
        </label>
        <NativeSelect id={`${base}-state`} {...form.register(`dataAlerts.statePrices.${index}.state`)}>
          {DATA_ALERT_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${base}-sector`} className="text-xs font-medium">
          Sector
        </label>
        <NativeSelect id={`${base}-sector`} {...form.register(`dataAlerts.statePrices.${index}.sector`)}>
          {DATA_ALERT_SECTORS.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${base}-percent`} className="text-xs font-medium">
          Percent
        </label>
        <Input
          id={`${base}-percent`}
          inputMode="decimal"
          {...form.register(`dataAlerts.statePrices.${index}.percent`)}
          aria-invalid={percentError ? true : undefined}
          aria-describedby={percentError ? `${base}-error` : undefined}
        />
      </div>
      <Button type="button" variant="outline" size="icon" aria-label={`Remove state price alert ${index + 1}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
      {percentError && (
        <p id={`${base}-error`} className="text-destructive text-sm sm:col-span-4">
          {percentError}
        </p>
      )}
    </li>
  );
}
