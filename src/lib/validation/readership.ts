import * as z from '@/lib/validation/zod-mini';
import { MAIL_EDITIONS, type MailEdition } from '@/lib/mail-editions';
import { wholeNumber } from '@/lib/validation/page-query';
import { CAMPAIGN_MAX_LENGTH } from '@/lib/view-beacon';

/** The largest beacon body accepted: what the script sends is well under 200 bytes. */
export const VIEW_BODY_LIMIT = 512;

/** The campaigns of the site's mails: each edition's outbox kind (`utm_campaign` of its links). */
export const MAIL_CAMPAIGNS: readonly MailEdition['kind'][] = Object.values(MAIL_EDITIONS).map((edition) => edition.kind);

/** A mail's campaign by name, or undefined for one the site did not send. */
export const mailCampaignOf = (name: string | undefined): MailEdition | undefined =>
  Object.values(MAIL_EDITIONS).find((edition) => edition.kind === name);

/**
 * One view of an article page, as the page's beacon sends it (`POST /api/views`): the article,
 * the referring site's host name (lowercase; never an address), and the campaign of the
 * mail whose link was followed. A campaign the site's mails do not carry counts the view
 * without it.
 */
export const viewBeaconSchema = z.object({
  /** The article's id (`data-view-article` on its page). */
  article: z
    .number({ error: 'The article is a whole number' })
    .check(z.int({ error: 'The article is a whole number' }), z.positive({ error: 'The article is a whole number' })),
  /** The referring site's host name (`news.google.com`), never its full address. */
  referrer: z.optional(
    z
      .string({ error: 'The referrer is a host name' })
      .check(z.maxLength(253, 'The referrer is a host name'), z.toLowerCase(), z.regex(/^[a-z0-9_.:[\]-]+$/, 'The referrer is a host name')),
  ),
  /** `utm_campaign` of the mail link that opened the page. */
  campaign: z.optional(z.string({ error: 'The campaign is text' }).check(z.maxLength(CAMPAIGN_MAX_LENGTH, 'The campaign is too long'))),
});
export type ViewBeacon = z.output<typeof viewBeaconSchema>;

/** The readership screen's periods: today, the last 7 and the last 30 days (US Eastern days, today included). */
export const READERSHIP_RANGES = ['today', '7d', '30d'] as const;
export type ReadershipRange = (typeof READERSHIP_RANGES)[number];

/** How many days each period covers, today included. */
export const RANGE_DAYS: Readonly<Record<ReadershipRange, number>> = { today: 1, '7d': 7, '30d': 30 };

/** The readership screen: the period (today by default) and the page of its top stories. */
export const adminReadershipQuerySchema = z.object({
  range: z._default(z.enum(READERSHIP_RANGES, { error: 'Choose today, 7d or 30d' }), 'today'),
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
export type AdminReadershipQuery = z.output<typeof adminReadershipQuerySchema>;
