import { useState } from 'react';
import { Controller, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { CHOSEN_EDITIONS, MAIL_EDITIONS, byChoice, editionHint, type EditionChoice } from '@/lib/mail-editions';
import { submitErrorMessage, submitFieldErrors } from '@/lib/submit-error';
import {
  ALERT_KINDS,
  MAX_PRICE_ALERTS,
  newsletterPreferencesFormSchema,
  type NewsletterPreferences,
  type NewsletterPreferencesFormInput,
  type DataAlerts,
} from '@/lib/validation/newsletter';
import { Button, buttonVariants } from '@/components/ui/button';
import { useZodForm, type ZodForm } from '@/components/forms/use-zod-form';
import { DataAlertsFieldset } from '@/components/newsletter/DataAlertsFieldset';
import { AlertItem, AlertRows, CheckboxChoices, RowSelect } from '@/components/newsletter/preference-fields';

type Kind = (typeof ALERT_KINDS)[number];
type PreferencesForm = ZodForm<NewsletterPreferencesFormInput, NewsletterPreferences>;

export interface PreferencesFormProps {
  token: string;
  /** The reader's choice of each edition readers choose (`CHOSEN_EDITIONS`), topics and alerts. */
  initial: Record<EditionChoice, boolean> & {
    topics: string[];
    alerts: { seriesSlug: string; kind: Kind; value: number }[];
    dataAlerts: DataAlerts;
  };
  topics: { slug: string; name: string }[];
  series: { slug: string; name: string; unit: string }[];
  unsubscribeUrl: string;
}

const KIND_LABELS: Record<Kind, string> = { above: 'rises above', below: 'falls below', move: 'moves by more than' };
const KIND_CHOICES = ALERT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

/**
 * A reader's newsletter preferences: what to receive, the topics followed, price alerts
 * (above or below a value in the series' unit, or a move of more than a percentage) and data
 * alerts (gas storage, grid demand records, states' prices), checked
 * with the schema the endpoint uses (on the shared form hook) and saved in one request; the
 * link's token authorizes. What came of the last save is said in one status line.
 */
export default function PreferencesForm({ token, initial, topics, series, unsubscribeUrl }: PreferencesFormProps) {
  const form = useZodForm(newsletterPreferencesFormSchema, {
    token,
    ...byChoice((edition) => initial[edition.choice]),
    topics: topics.filter((t) => initial.topics.includes(t.slug)).map((t) => t.slug),
    alerts: initial.alerts.map((a) => ({ ...a, value: String(a.value) })),
    dataAlerts: { ...initial.dataAlerts, statePrices: initial.dataAlerts.statePrices.map((a) => ({ ...a, percent: String(a.percent) })) },
  });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = form;

  const save = handleSubmit(
    async (body) => {
      try {
        await sendJson('POST', '/api/newsletter/preferences', body);
        setStatus({ ok: true, text: 'Your preferences are saved.' });
      } catch (error) {
        for (const [field, list] of Object.entries(submitFieldErrors(error)))
          setError(field as Path<NewsletterPreferencesFormInput>, { message: list[0] ?? '' });
        setStatus({ ok: false, text: submitErrorMessage(error, 'Your preferences could not be saved. Please try again.') });
      }
    },
    () => setStatus({ ok: false, text: 'Please correct the marked fields.' }),
  );

  const checkbox = (name: EditionChoice, label: string, hint: string) => (
    <div key={name} className="flex items-start gap-2">
      <input id={form.fieldId(name)} type="checkbox" {...register(name)} className="mt-0.5 size-4 shrink-0 accent-sky-600" />
      <label htmlFor={form.fieldId(name)} className="text-sm">
        <span className="font-medium">{label}</span> <span className="text-muted-foreground">— {hint}</span>
      </label>
    </div>
  );

  return (
    <form
      onSubmit={(e) => {
        setStatus(null);
        void save(e);
      }}
      noValidate
      className="space-y-8"
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-lg font-semibold">What you receive</legend>
        {CHOSEN_EDITIONS.map((edition) =>
          checkbox(
            edition.choice,
            edition.label,
            edition === MAIL_EDITIONS.alerts ? `${editionHint(edition)}, for the alerts below` : editionHint(edition),
          ),
        )}
      </fieldset>

      <TopicsFieldset form={form} topics={topics} />
      <AlertsFieldset form={form} series={series} />
      <DataAlertsFieldset form={form} />

      <div className="flex flex-wrap items-center gap-3 border-t pt-6">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save preferences'}
        </Button>
        <a className={buttonVariants({ variant: 'link' })} href={unsubscribeUrl}>
          Unsubscribe from everything
        </a>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={status?.ok === false ? 'text-destructive text-sm font-medium' : 'text-sm font-medium text-emerald-700 dark:text-emerald-400'}
      >
        {status?.text}
      </p>
    </form>
  );
}

/** The topics a reader follows, as checkboxes kept in the topics' own order. */
function TopicsFieldset({ form, topics }: { form: PreferencesForm; topics: PreferencesFormProps['topics'] }) {
  const error = form.formState.errors.topics?.message;
  const errorId = form.fieldId('topics-error');
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-lg font-semibold">Topics you follow</legend>
      <p className="text-muted-foreground text-sm">We send you {editionHint(MAIL_EDITIONS.topics)}.</p>
      <Controller
        control={form.control}
        name="topics"
        render={({ field }) => (
          <CheckboxChoices
            options={topics.map((t) => ({ value: t.slug, label: t.name }))}
            value={field.value}
            onChange={field.onChange}
            idOf={(slug) => form.fieldId(`topic-${slug}`)}
          />
        )}
      />
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The reader's price alerts: each a series, a kind and a value; at most MAX_PRICE_ALERTS. */
function AlertsFieldset({ form, series }: { form: PreferencesForm; series: PreferencesFormProps['series'] }) {
  const alerts = useFieldArray({ control: form.control, name: 'alerts' });
  const listError = form.formState.errors.alerts?.message ?? form.formState.errors.alerts?.root?.message;
  const addAlert = () => {
    const first = series[0];
    if (!first) return;
    alerts.append({ seriesSlug: first.slug, kind: 'above', value: '' }, { shouldFocus: false });
    form.setValue(MAIL_EDITIONS.alerts.choice, true);
  };
  return (
    <AlertRows
      legend={{ text: 'Price alerts', className: 'mb-2 text-lg font-semibold' }}
      hint={`Checked after each data release. Up to ${MAX_PRICE_ALERTS} alerts; they are sent while “Price alerts” is ticked above.`}
      empty="No alerts yet."
      count={alerts.fields.length}
      error={listError}
      add={{ label: 'Add a price alert', onClick: addAlert, disabled: alerts.fields.length >= MAX_PRICE_ALERTS || series.length === 0 }}
    >
      {alerts.fields.map((field, index) => (
        <AlertRow
          key={field.id}
          form={form}
          index={index}
          base={form.fieldId(`alert-${field.id}`)}
          series={series}
          onRemove={() => alerts.remove(index)}
        />
      ))}
    </AlertRows>
  );
}

/** One price alert: its series, what it watches for, and the value in the series' unit (or the percentage of a move). */
function AlertRow({
  form,
  index,
  base,
  series,
  onRemove,
}: {
  form: PreferencesForm;
  index: number;
  base: string;
  series: PreferencesFormProps['series'];
  onRemove: () => void;
}) {
  const [seriesSlug, kind] = useWatch({ control: form.control, name: [`alerts.${index}.seriesSlug`, `alerts.${index}.kind`] });
  const valueError = form.formState.errors.alerts?.[index]?.value?.message;
  const unit = series.find((s) => s.slug === seriesSlug)?.unit ?? '';
  return (
    <AlertItem
      base={base}
      name="value"
      label={kind === 'move' ? 'Percent' : `Value (${unit})`}
      number={form.register(`alerts.${index}.value`)}
      error={valueError}
      removeLabel={`Remove alert ${index + 1}`}
      onRemove={onRemove}
    >
      <RowSelect
        id={`${base}-series`}
        label={`Alert ${index + 1}: series`}
        field={form.register(`alerts.${index}.seriesSlug`)}
        options={series.map((s) => ({ value: s.slug, label: s.name }))}
      />
      <RowSelect id={`${base}-kind`} label="When it" field={form.register(`alerts.${index}.kind`)} options={KIND_CHOICES} />
    </AlertItem>
  );
}
