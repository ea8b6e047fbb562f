// What the API answers about readership: counts of views, never who viewed.
import * as z from '@/lib/validation/zod-mini';
import { READERSHIP_RANGES } from '@/lib/validation/readership';
import { about, adminPageOf, isoDate, named, recordId, namedObject } from '@/lib/wire/common';

/** One story of the period's top stories: its page and how often it was viewed. */
export const readershipStorySchema = namedObject('ReadershipStory', 'An article and its views in the period.', {
  id: about(recordId, 'The article’s id.'),
  title: z.string(),
  slug: about(z.string(), 'Its page is `/article/{slug}`.'),
  views: about(z.int(), 'Page views in the period, bots excluded.'),
});
export type ReadershipStory = z.output<typeof readershipStorySchema>;

/** Visits counted under one name: a referring site's host, or a mail's campaign. */
export const readershipCountSchema = namedObject('ReadershipCount', {
  name: about(z.string(), 'The referring site’s host name, or the mail’s campaign (`utm_campaign`).'),
  views: z.int(),
});
export type ReadershipCount = z.output<typeof readershipCountSchema>;

/** The readership screen: the period's top stories (a page of them), referring sites and visits from the site's mails. */
export const readershipReportSchema = named(
  'ReadershipReport',
  z.extend(adminPageOf(readershipStorySchema), {
    range: z.enum(READERSHIP_RANGES),
    from: about(isoDate, 'The period’s first day (US Eastern).'),
    to: about(isoDate, 'Its last day: today (US Eastern).'),
    referrers: about(z.array(readershipCountSchema), 'The 20 referring sites with most views, most first; visits without a referrer are not listed.'),
    campaigns: about(z.array(readershipCountSchema), 'Views from the links of each of the site’s mails, most first.'),
  }),
);
export type ReadershipReport = z.output<typeof readershipReportSchema>;
