import { Trash2 } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { sendJson } from '@/lib/api-client';
import { MAIL_EDITIONS, editionHint } from '@/lib/mail-editions';
import { submitErrorMessage, submitFieldErrors } from '@/lib/submit-error';
import { ALERT_KINDS, MAX_PRICE_ALERTS, newsletterPreferencesSchema, type NewsletterPreferencesInput } from '@/lib/validation/newsletter';
import { safeParse } from '@/lib/validation/zod-mini';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

interface AlertDraft {
  key: number;
  seriesSlug: string;
  kind: (typeof ALERT_KINDS)[number];
  /** As typed; a number once saved. */
  value: string;
}

export interface PreferencesFormProps {
  token: string;
  initial: {
    dailyBriefing: boolean;
    weeklyRoundup: boolean;
    priceAlerts: boolean;
    topics: string[];
    alerts: { seriesSlug: string; kind: AlertDraft['kind']; value: number }[];
  };
  topics: { slug: string; name: string }[];
  series: { slug: string; name: string; unit: string }[];
  unsubscribeUrl: string;
}

const KIND_LABELS: Record<AlertDraft['kind'], string> = { above: 'rises above', below: 'falls below', move: 'moves by more than' };

/**
 * A reader's newsletter preferences: what to receive, the topics followed and price alerts
 * (above or below a value in the series' unit, or a move of more than a percentage), checked
 * with the schema the endpoint uses and saved in one request; the link's token authorizes.
 */
export default function PreferencesForm({ token, initial, topics, series, unsubscribeUrl }: PreferencesFormProps) {
  const id = useId();
  const [choices, setChoices] = useState({
    dailyBriefing: initial.dailyBriefing,
    weeklyRoundup: initial.weeklyRoundup,
    priceAlerts: initial.priceAlerts,
  });
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set(initial.topics));
  const [alerts, setAlerts] = useState<AlertDraft[]>(initial.alerts.map((a, i) => ({ key: i, ...a, value: String(a.value) })));
  const [nextKey, setNextKey] = useState(initial.alerts.length);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const unitOf = (slug: string) => series.find((s) => s.slug === slug)?.unit ?? '';
  const addAlert = () => {
    const first = series[0];
    if (!first) return;
    setAlerts((list) => [...list, { key: nextKey, seriesSlug: first.slug, kind: 'above', value: '' }]);
    setNextKey((k) => k + 1);
    setChoices((c) => ({ ...c, priceAlerts: true }));
  };
  const changeAlert = (key: number, change: Partial<AlertDraft>) => setAlerts((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const body: NewsletterPreferencesInput = {
      token,
      ...choices,
      topics: topics.filter((t) => followed.has(t.slug)).map((t) => t.slug),
      alerts: alerts.map((a) => ({ seriesSlug: a.seriesSlug, kind: a.kind, value: a.value.trim() === '' ? Number.NaN : Number(a.value) })),
    };
    const parsed = safeParse(newsletterPreferencesSchema, body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setStatus({ ok: false, text: 'Please correct the marked fields.' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await sendJson('POST', '/api/newsletter/preferences', parsed.data);
      setStatus({ ok: true, text: 'Your preferences are saved.' });
    } catch (error) {
      const fields = submitFieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list[0] ?? ''])));
      setStatus({ ok: false, text: submitErrorMessage(error, 'Your preferences could not be saved. Please try again.') });
    } finally {
      setSaving(false);
    }
  };

  const checkbox = (name: keyof typeof choices, label: string, hint: string) => (
    <div className="flex items-start gap-2">
      <input
        id={`${id}-${name}`}
        type="checkbox"
        checked={choices[name]}
        onChange={(e) => setChoices((c) => ({ ...c, [name]: e.target.checked }))}
        className="mt-0.5 size-4 shrink-0 accent-sky-600"
      />
      <label htmlFor={`${id}-${name}`} className="text-sm">
        <span className="font-medium">{label}</span> <span className="text-muted-foreground">— {hint}</span>
      </label>
    </div>
  );

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="space-y-8">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-lg font-semibold">What you receive</legend>
        {checkbox('dailyBriefing', MAIL_EDITIONS.briefing.label, editionHint(MAIL_EDITIONS.briefing))}
        {checkbox('weeklyRoundup', MAIL_EDITIONS.roundup.label, editionHint(MAIL_EDITIONS.roundup))}
        {checkbox('priceAlerts', MAIL_EDITIONS.alerts.label, `${editionHint(MAIL_EDITIONS.alerts)}, for the alerts below`)}
      </fieldset>

      <fieldset className="space-y-2" aria-describedby={errors['topics'] ? `${id}-topics-error` : undefined}>
        <legend className="mb-2 text-lg font-semibold">Topics you follow</legend>
        <p className="text-muted-foreground text-sm">We send you {editionHint(MAIL_EDITIONS.topics)}.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {topics.map((t) => (
            <div key={t.slug} className="flex items-center gap-2">
              <input
                id={`${id}-topic-${t.slug}`}
                type="checkbox"
                checked={followed.has(t.slug)}
                onChange={(e) =>
                  setFollowed((set) => {
                    const next = new Set(set);
                    if (e.target.checked) next.add(t.slug);
                    else next.delete(t.slug);
                    return next;
                  })
                }
                className="size-4 shrink-0 accent-sky-600"
              />
              <label htmlFor={`${id}-topic-${t.slug}`} className="text-sm">
                {t.name}
              </label>
            </div>
          ))}
        </div>
        {errors['topics'] && (
          <p id={`${id}-topics-error`} className="text-destructive text-sm">
            {errors['topics']}
          </p>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-semibold">Price alerts</legend>
        <p className="text-muted-foreground text-sm">
          Checked after each data release. Up to {MAX_PRICE_ALERTS} alerts; they are sent while “Price alerts” is ticked above.
        </p>
        {alerts.length === 0 && <p className="text-sm">No alerts yet.</p>}
        <ul className="space-y-3">
          {alerts.map((a, index) => {
            const valueError = errors[`alerts.${index}.value`];
            const base = `${id}-alert-${a.key}`;
            return (
              <li key={a.key} className="bg-muted/40 grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_11.5rem_8rem_auto] sm:items-end">
                <div className="grid gap-1">
                  <label htmlFor={`${base}-series`} className="text-xs font-medium">
                    Alert {index + 1}: series
                  </label>
                  <NativeSelect id={`${base}-series`} value={a.seriesSlug} onChange={(e) => changeAlert(a.key, { seriesSlug: e.target.value })}>
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
                  <NativeSelect
                    id={`${base}-kind`}
                    value={a.kind}
                    onChange={(e) => changeAlert(a.key, { kind: e.target.value as AlertDraft['kind'] })}
                  >
                    {ALERT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_LABELS[k]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid gap-1">
                  <label htmlFor={`${base}-value`} className="text-xs font-medium">
                    {a.kind === 'move' ? 'Percent' : `Value (${unitOf(a.seriesSlug)})`}
                  </label>
                  <Input
                    id={`${base}-value`}
                    inputMode="decimal"
                    value={a.value}
                    onChange={(e) => changeAlert(a.key, { value: e.target.value })}
                    aria-invalid={valueError ? true : undefined}
                    aria-describedby={valueError ? `${base}-error` : undefined}
                  />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Remove alert ${index + 1}`}
                  onClick={() => setAlerts((list) => list.filter((x) => x.key !== a.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                {valueError && (
                  <p id={`${base}-error`} className="text-destructive text-sm sm:col-span-4">
                    {valueError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {errors['alerts'] && <p className="text-destructive text-sm">{errors['alerts']}</p>}
        <Button type="button" variant="secondary" onClick={addAlert} disabled={alerts.length >= MAX_PRICE_ALERTS || series.length === 0}>
          Add a price alert
        </Button>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t pt-6">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save preferences'}
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
