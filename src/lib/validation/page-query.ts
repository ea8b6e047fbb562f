import { z } from 'zod';

/** A page of a list: how many items and how many to skip. */
export const pageQuerySchema = z.object({
  /** Items per page (at most 100). */
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Items to skip. */
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export type PageQuery = z.output<typeof pageQuerySchema>;
