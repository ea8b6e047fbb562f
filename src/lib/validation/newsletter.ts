import * as z from '@/lib/validation/zod-mini';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import { byChoice } from '@/lib/mail-editions';
import { DATA_ALERT_REGIONS, DATA_ALERT_SECTORS, DATA_ALERT_STATES, MAX_STATE_PRICE_ALERTS } from '@/lib/data-alerts';
import { HONEYPOT_FIELD, emailSchema, honeypotSchema } from '@/lib/validation/text';

/** Followed topics (category slugs): at most 50. */
const topicsSchema = z.array(z.string().check(z.regex(/^[a-z0-9-]{1,100}$/, 'Unknown topic'))).check(z.maxLength(50));

/** A subscription, as the subscribe form sends it and `POST /api/newsletter/subscribe` accepts it. */
export const newsletterSubscribeSchema = z.object({
  email: emailSchema,
  /** Each edition readers choose (`CHOSEN_EDITIONS`), left out as the sign-up form leaves it to begin with. */
  ...byChoice((edition) => z._default(z.boolean(), edition.chosenByDefault)),
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
    ...byChoice((edition) => form.has(edition.choice)),
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

const REGION_CODES: readonly string[] = DATA_ALERT_REGIONS.map((r) => r.code);
const STATE_CODES: readonly string[] = DATA_ALERT_STATES.map((s) => s.code);
const SECTOR_CODES: readonly string[] = DATA_ALERT_SECTORS.map((s) => s.code);

/** The percentage a state's price must move by: more than 0, at most 100. */
const movePercentSchema = alertValueSchema.check(z.refine((v) => v > 0 && v <= 100, 'A move is a percentage between 0 and 100'));

/** A state price alert whose percentage is read by `percent` (a number, or a number as typed). */
function statePriceAlertWith<I>(percent: z.ZodMiniType<number, I>) {
  return z.object({
    state: z.string({ error: 'Choose a state' }).check(z.refine((code) => STATE_CODES.includes(code), 'Choose a state')),
    sector: z.string({ error: 'Choose a sector' }).check(z.refine((code) => SECTOR_CODES.includes(code), 'Choose a sector')),
    /** The move from the month before, in percent, either way. */
    percent,
  });
}

/** A reader's data alerts (`src/lib/data-alerts.ts`) with each state price alert's percentage read by `percent`. */
function dataAlertsWith<I>(percent: z.ZodMiniType<number, I>) {
  return z.object({
    /** Gas storage moving outside its five-year range. */
    storageRange: z.boolean(),
    /** Regions (EIA codes) whose new demand records the reader wants to hear of. */
    demandRecords: z.array(z.string().check(z.refine((code) => REGION_CODES.includes(code), 'Choose a grid region'))).check(
      z.maxLength(REGION_CODES.length, 'Choose each region once'),
      z.refine((codes) => new Set(codes).size === codes.length, 'Choose each region once'),
    ),
    /** A state's monthly price of a sector moving by more than a percentage. */
    statePrices: z.array(statePriceAlertWith(percent)).check(
      z.maxLength(MAX_STATE_PRICE_ALERTS, `At most ${MAX_STATE_PRICE_ALERTS} state price alerts`),
      z.refine((alerts) => new Set(alerts.map((a) => `${a.state}/${a.sector}`)).size === alerts.length, 'Watch each state and sector once'),
    ),
  });
}

/** A reader's data alerts, as `POST /api/newsletter/preferences` takes them. */
export const dataAlertsSchema = dataAlertsWith(movePercentSchema);

export type DataAlerts = z.output<typeof dataAlertsSchema>;

/** A reader's choices as the preferences page saves them (`POST /api/newsletter/preferences`); the token authorizes. */
export const newsletterPreferencesSchema = z.object({
  token: linkTokenSchema,
  /** Each edition readers choose (`CHOSEN_EDITIONS`), on or off; one left out stays as it is (a client older than the edition). */
  ...byChoice(() => z.optional(z.boolean())),
  topics: topicsSchema,
  /** Every alert the reader keeps; the saved list replaces the stored one. */
  alerts: z.array(priceAlertSchema).check(z.maxLength(MAX_PRICE_ALERTS, `At most ${MAX_PRICE_ALERTS} price alerts`)),
  /** Every data alert the reader keeps, replacing the stored ones; left out, they stay as they are. */
  dataAlerts: z.optional(dataAlertsSchema),
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
  dataAlerts: dataAlertsWith(z.pipe(typedNumberSchema, movePercentSchema)),
});

export type NewsletterPreferencesFormInput = z.input<typeof newsletterPreferencesFormSchema>;
