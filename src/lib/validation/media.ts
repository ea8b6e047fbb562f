import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';
import { oneLine } from '@/lib/validation/text';

/** One line of an image's description, at most `max` characters. */
const describing = (label: string, max: number) =>
  z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), oneLine(label)));

/** Describing an image: alt text for readers who cannot see it, an optional caption and credit. */
export const mediaDetailsSchema = z.object({
  alt: describing('Alt text', 300),
  caption: describing('Caption', 500),
  credit: describing('Credit', 200),
});
export type MediaDetails = z.output<typeof mediaDetailsSchema>;

/** The media library's list: search (file name, alt text, caption, credit), page. */
export const mediaListSchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is at most 200 characters'))),
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
export type MediaListQuery = z.output<typeof mediaListSchema>;
