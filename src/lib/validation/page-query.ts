import * as z from '@/lib/validation/zod-mini';

/** A whole number from a query parameter, between `min` and `max`. */
export function wholeNumber(min: number, max: number) {
  return z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));
}

/** A page of a list: how many items and how many to skip. */
export const pageQuerySchema = z.object({
  /** Items per page (at most 100). */
  limit: z._default(wholeNumber(1, 100), 50),
  /** Items to skip. */
  offset: z._default(wholeNumber(0, 10_000_000), 0),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

/** Which page of an article's approved comments to read. */
export const commentPageQuerySchema = z.object({
  /** How many (the newest ones, or those before `before`); 50 by default. */
  limit: z._default(wholeNumber(1, 100), 50),
  /** A comment's id: read the comments older than it ("Show older"). */
  before: z.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER)),
});

export type CommentPageQuery = z.output<typeof commentPageQuerySchema>;

/** An archive page's URL state (`?page=N`); anything unreadable is the first page. */
export const archivePageQuerySchema = z.object({
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
