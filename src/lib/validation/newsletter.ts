import * as z from '@/lib/validation/zod-mini';
import { HONEYPOT_FIELD, emailSchema, honeypotSchema } from '@/lib/validation/text';

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
  topics: z._default(z.array(z.string().check(z.regex(/^[a-z0-9-]{1,100}$/, 'Unknown topic'))).check(z.maxLength(50)), []),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;
