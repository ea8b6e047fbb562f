import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { MAIL_EDITIONS, editionHint } from '@/lib/mail-editions';
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
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useZodForm, type ZodForm } from '@/components/forms/use-zod-form';
import { DataAlertsFieldset } from '@/components/newsletter/DataAlertsFieldset';

type Kind = (typeof ALERT_KINDS)[number];
type PreferencesForm = ZodForm<NewsletterPreferencesFormInput, NewsletterPreferences>;

export interface PreferencesFormProps {
  token: string;
  initial: {
    dailyBriefing: boolean;
    weeklyRoundup: boolean;
    priceAlerts: boolean;
    topics: string[];
    alerts: { seriesSlug: string; kind: Kind; value: number }[];
    dataAlerts: DataAlerts;
  };
  topics: { slug: string; name: string }[];
  series: { slug: string; name: string; unit: string }[];
  unsubscribeUrl: string;
}

const KIND_LABELS: Record<Kind, string> = { above: 'rises above', below: 'falls below', move: 'moves by more than' };

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
    dailyBriefing: initial.dailyBriefing,
    weeklyRoundup: initial.weeklyRoundup,
    priceAlerts: initial.priceAlerts,
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

  const checkbox = (name: 'dailyBriefing' | 'weeklyRoundup' | 'priceAlerts', label: string, hint: string) => (
    <div className="flex items-start gap-2">
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
        {checkbox('dailyBriefing', MAIL_EDITIONS.briefing.label, editionHint(MAIL_EDITIONS.briefing))}
        {checkbox('weeklyRoundup', MAIL_EDITIONS.roundup.label, editionHint(MAIL_EDITIONS.roundup))}
        {checkbox('priceAlerts', MAIL_EDITIONS.alerts.label, `${editionHint(MAIL_EDITIONS.alerts)}, for the alerts below`)}
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
          <div className="grid gap-2 sm:grid-cols-2">
            {topics.map((t) => (
              <div key={t.slug} className="flex items-center gap-2">
                <input
                  id={form.fieldId(`topic-${t.slug}`)}
                  type="checkbox"
                  checked={field.value.includes(t.slug)}
                  onChange={(e) => {
                    const followed = new Set(field.value);
                    if (e.target.checked) followed.add(t.slug);
                    else followed.delete(t.slug);
                    field.onChange(topics.filter((x) => followed.has(x.slug)).map((x) => x.slug));
                  }}
                  className="size-4 shrink-0 accent-sky-600"
                />
                <label htmlFor={form.fieldId(`topic-${t.slug}`)} className="text-sm">
                  {t.name}
                </label>
              </div>
            ))}
          </div>
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
    form.setValue('priceAlerts', true);
  };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-semibold">Price alerts</legend>
      <p className="text-muted-foreground text-sm">
        Checked after each data release. Up to {MAX_PRICE_ALERTS} alerts; they are sent while “Price alerts” is ticked above.
      </p>
      {alerts.fields.length === 0 && <p className="text-sm">No alerts yet.</p>}
      <ul className="space-y-3">
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
      </ul>
      {listError && <p className="text-destructive text-sm">{listError}</p>}
      <Button type="button" variant="secondary" onClick={addAlert} disabled={alerts.fields.length >= MAX_PRICE_ALERTS || series.length === 0}>
        Add a price alert
      </Button>
    </fieldset>
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
    <li className="bg-muted/40 grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_11.5rem_8rem_auto] sm:items-end">
      <div className="grid gap-1">
        <label htmlFor={`${base}-series`} className="text-xs font-medium">
          Alert {index + 1}: series
        </label>
        <NativeSelect id={`${base}-series`} {...form.register(`alerts.${index}.seriesSlug`)}>
          {series.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${base}-kind`} className="text-xs font-medium">
          When it
        </label>
        <NativeSelect id={`${base}-kind`} {...form.register(`alerts.${index}.kind`)}>
          {ALERT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${base}-value`} className="text-xs font-medium">
          {kind === 'move' ? 'Percent' : `Value (${unit})`}
        </label>
        <Input
          id={`${base}-value`}
          inputMode="decimal"
          {...form.register(`alerts.${index}.value`)}
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? `${base}-error` : undefined}
        />
      </div>
      <Button type="button" variant="outline" size="icon" aria-label={`Remove alert ${index + 1}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
      {valueError && (
        <p id={`${base}-error`} className="text-destructive text-sm sm:col-span-4">
          {valueError}
        </p>
      )}
    </li>
  );
}
