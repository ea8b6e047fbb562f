import { z } from 'zod';
import { slugSchema } from '@/lib/validation/article-list-query';

/** The /news page's URL state; anything invalid falls back to the default. */
export const newsPageQuerySchema = z.object({
  category: z
    .union([z.literal('all'), slugSchema])
    .catch('all')
    .default('all'),
  q: z.string().trim().max(200).catch('').default(''),
  /** The archive page: any page down to the first article. */
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
