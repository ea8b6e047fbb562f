import * as z from '@/lib/validation/zod-mini';
import { slugSchema } from '@/lib/validation/article-list-query';
import { wholeNumber } from '@/lib/validation/page-query';

/** The /news page's URL state; anything invalid falls back to the default. */
export const newsPageQuerySchema = z.object({
  category: z._default(z.catch(z.union([z.literal('all'), slugSchema]), 'all'), 'all'),
  q: z._default(z.catch(z.string().check(z.trim(), z.maxLength(200)), ''), ''),
  /** The archive page: any page down to the first article. */
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
