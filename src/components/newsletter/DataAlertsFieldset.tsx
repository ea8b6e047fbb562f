import { Controller, useFieldArray } from 'react-hook-form';
import { DATA_ALERT_REGIONS, DATA_ALERT_SECTORS, DATA_ALERT_STATES, DATA_ALERT_TEXT, MAX_STATE_PRICE_ALERTS } from '@/lib/data-alerts';
import { MAIL_EDITIONS, editionHint } from '@/lib/mail-editions';
import type { NewsletterPreferences, NewsletterPreferencesFormInput } from '@/lib/validation/newsletter';
import { AlertItem, AlertRows, CheckboxChoices, RowSelect } from '@/components/newsletter/preference-fields';
import type { ZodForm } from '@/components/forms/use-zod-form';

type PreferencesForm = ZodForm<NewsletterPreferencesFormInput, NewsletterPreferences>;

const REGION_CHOICES = DATA_ALERT_REGIONS.map((r) => ({ value: r.code, label: r.name }));
const STATE_CHOICES = DATA_ALERT_STATES.map((s) => ({ value: s.code, label: s.name }));
const SECTOR_CHOICES = DATA_ALERT_SECTORS.map((s) => ({ value: s.code, label: s.label }));

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
          <CheckboxChoices options={REGION_CHOICES} value={field.value} onChange={field.onChange} idOf={(code) => form.fieldId(`region-${code}`)} />
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
    <AlertRows
      legend={{ text: DATA_ALERT_TEXT['state-price'].label, className: 'text-base font-medium' }}
      hint={`${DATA_ALERT_TEXT['state-price'].hint} Up to ${MAX_STATE_PRICE_ALERTS}.`}
      empty="No state price alerts yet."
      count={rows.fields.length}
      error={listError}
      add={{
        label: 'Add a state price alert',
        onClick: () => rows.append({ state: 'TX', sector: 'RES', percent: '' }, { shouldFocus: false }),
        disabled: rows.fields.length >= MAX_STATE_PRICE_ALERTS,
      }}
    >
      {rows.fields.map((field, index) => (
        <StatePriceRow key={field.id} form={form} index={index} base={form.fieldId(`state-price-${field.id}`)} onRemove={() => rows.remove(index)} />
      ))}
    </AlertRows>
  );
}

/** One state price alert: the state, the sector and the percentage of a move. */
function StatePriceRow({ form, index, base, onRemove }: { form: PreferencesForm; index: number; base: string; onRemove: () => void }) {
  const percentError = form.formState.errors.dataAlerts?.statePrices?.[index]?.percent?.message;
  return (
    <AlertItem
      base={base}
      name="percent"
      label="Percent"
      number={form.register(`dataAlerts.statePrices.${index}.percent`)}
      error={percentError}
      removeLabel={`Remove state price alert ${index + 1}`}
      onRemove={onRemove}
    >
      <RowSelect
        id={`${base}-state`}
        label={`State price alert ${index + 1}: state`}
        field={form.register(`dataAlerts.statePrices.${index}.state`)}
        options={STATE_CHOICES}
      />
      <RowSelect id={`${base}-sector`} label="Sector" field={form.register(`dataAlerts.statePrices.${index}.sector`)} options={SECTOR_CHOICES} />
    </AlertItem>
  );
}
