import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';

/** Describing an image: alt text for readers who cannot see it, an optional caption and credit. */
export const mediaDetailsSchema = z.object({
  alt: z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(300, 'Alt text must be at most 300 characters'))),
  caption: z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(500, 'Caption must be at most 500 characters'))),
  credit: z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(200, 'Credit must be at most 200 characters'))),
});
export type MediaDetails = z.output<typeof mediaDetailsSchema>;

/** The media library's list: search (file name, alt text, caption, credit), page. */
export const mediaListSchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is at most 200 characters'))),
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
export type MediaListQuery = z.output<typeof mediaListSchema>;
