import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';

/** Slugs: lowercase a-z, 0-9 and single hyphens. */
export const slugSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(120), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and hyphens'));

/** Query of `GET /api/articles`. */
export const articleListQuerySchema = z.object({
  /** `true` for featured stories only. */
  featured: z.optional(z.enum(['true', 'false'])),
  /** A category slug; `all` or absent means every category. */
  category: z.optional(z.union([z.literal('all'), slugSchema])),
  /** Full-text search over title, excerpt and body. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Search text is at most 200 characters'))),
  limit: z._default(wholeNumber(1, 100), 20),
  /** Articles to skip: any depth of the archive is served by an index. */
  offset: z._default(wholeNumber(0, 10_000_000), 0),
  /** `summary` leaves out each article's HTML `content`: lists need only the card's fields. */
  fields: z._default(z.enum(['full', 'summary']), 'full'),
  /** `true` (with `q`): each item gets a `snippet`, the passage around the matched words, matches in `<mark>`. */
  snippet: z.optional(z.enum(['true', 'false'])),
});
