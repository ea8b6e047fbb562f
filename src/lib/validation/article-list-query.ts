import { z } from 'zod';

/** Slugs: lowercase a-z, 0-9 and single hyphens. */
export const slugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and hyphens');

/** Query of `GET /api/articles`. */
export const articleListQuerySchema = z.object({
  /** `true` for featured stories only. */
  featured: z.enum(['true', 'false']).optional(),
  /** A category slug; `all` or absent means every category. */
  category: z.union([z.literal('all'), slugSchema]).optional(),
  /** Full-text search over title, excerpt and body. */
  q: z.string().trim().max(200, 'Search text is at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Articles to skip: any depth of the archive is served by an index. */
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** `summary` leaves out each article's HTML `content`: lists need only the card's fields. */
  fields: z.enum(['full', 'summary']).default('full'),
  /** `true` (with `q`): each item gets a `snippet`, the passage around the matched words, matches in `<mark>`. */
  snippet: z.enum(['true', 'false']).optional(),
});
