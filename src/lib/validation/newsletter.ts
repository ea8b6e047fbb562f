import * as z from '@/lib/validation/zod-mini';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { HONEYPOT_FIELD, emailSchema, honeypotSchema } from '@/lib/validation/text';

/** Followed topics (category slugs): at most 50. */
const topicsSchema = z.array(z.string().check(z.regex(/^[a-z0-9-]{1,100}$/, 'Unknown topic'))).check(z.maxLength(50));

/** A subscription, as the subscribe form sends it and `POST /api/newsletter/subscribe` accepts it. */
export const newsletterSubscribeSchema = z.object({
  email: emailSchema,
  /** The daily briefing of new articles and market figures. */
  dailyBriefing: z._default(z.boolean(), true),
  /** The weekly roundup. */
  weeklyRoundup: z._default(z.boolean(), false),
  /** Alerts when a market series moves past a reader's threshold. */
  priceAlerts: z._default(z.boolean(), false),
  /** Followed topics (category slugs). */
  topics: z._default(topicsSchema, []),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;

/**
 * The subscribe form's fields as a plain HTML form posts them (no JavaScript): checkboxes
 * are present when ticked, topics repeat. Read into the shape the schema above checks.
 */
export function subscribeFormValues(form: URLSearchParams): Record<string, unknown> {
  return {
    email: form.get('email') ?? '',
    dailyBriefing: form.has('dailyBriefing'),
    weeklyRoundup: form.has('weeklyRoundup'),
    priceAlerts: form.has('priceAlerts'),
    topics: form.getAll('topics'),
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined,
  };
}

/** The token of a newsletter link (confirm, preferences, unsubscribe): its format only; the service looks it up. */
export const linkTokenSchema = z.string({ error: 'This link is not valid' }).check(z.regex(/^[\w-]{20,200}$/, 'This link is not valid'));

/** Most price alerts one reader may keep. */
export const MAX_PRICE_ALERTS = 20;

/** What a price alert watches for: the latest value above or below a threshold, or a move of more than a percentage. */
export const ALERT_KINDS = ['above', 'below', 'move'] as const;

/** An alert's threshold in the series' unit, or the percentage of a move. */
const alertValueSchema = z.number({ error: 'Enter a number' }).check(
  z.refine((v) => Number.isFinite(v), 'Enter a number'),
  z.minimum(-1_000_000_000, 'Enter a smaller number'),
  z.maximum(1_000_000_000, 'Enter a smaller number'),
);

/** A price alert whose value is read by `value` (a number, or a number as typed). */
function priceAlertWith<I>(value: z.ZodMiniType<number, I>) {
  return z
    .object({
      seriesSlug: z.string({ error: 'Choose a series' }).check(z.refine((slug) => SERIES_SLUGS.includes(slug), 'Choose a series')),
      kind: z.enum(ALERT_KINDS, { error: 'Choose above, below or move' }),
      /** The threshold in the series' unit, or the percentage of a move. */
      value,
    })
    .check(
      z.refine((alert) => alert.kind !== 'move' || (alert.value > 0 && alert.value <= 100), {
        message: 'A move is a percentage between 0 and 100',
        path: ['value'],
      }),
    );
}

/** One price alert on a series of the catalog (`src/lib/series-catalog.ts`). */
export const priceAlertSchema = priceAlertWith(alertValueSchema);

export type PriceAlert = z.output<typeof priceAlertSchema>;

/** A reader's choices as the preferences page saves them (`POST /api/newsletter/preferences`); the token authorizes. */
export const newsletterPreferencesSchema = z.object({
  token: linkTokenSchema,
  dailyBriefing: z.boolean(),
  weeklyRoundup: z.boolean(),
  priceAlerts: z.boolean(),
  topics: topicsSchema,
  /** Every alert the reader keeps; the saved list replaces the stored one. */
  alerts: z.array(priceAlertSchema).check(z.maxLength(MAX_PRICE_ALERTS, `At most ${MAX_PRICE_ALERTS} price alerts`)),
});

export type NewsletterPreferencesInput = z.input<typeof newsletterPreferencesSchema>;
export type NewsletterPreferences = z.output<typeof newsletterPreferencesSchema>;

/** A number as typed in a field: empty is not a number. */
const typedNumberSchema = z.pipe(
  z.string(),
  z.transform((text) => (text.trim() === '' ? Number.NaN : Number(text))),
);

/** The preferences form: the same choices, each alert's value as typed; it parses into what the endpoint takes. */
export const newsletterPreferencesFormSchema = z.extend(newsletterPreferencesSchema, {
  alerts: z
    .array(priceAlertWith(z.pipe(typedNumberSchema, alertValueSchema)))
    .check(z.maxLength(MAX_PRICE_ALERTS, `At most ${MAX_PRICE_ALERTS} price alerts`)),
});

export type NewsletterPreferencesFormInput = z.input<typeof newsletterPreferencesFormSchema>;
