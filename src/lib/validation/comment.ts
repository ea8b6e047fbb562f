import { z } from 'zod';
import { HONEYPOT_FIELD, countLinks, emailSchema, requiredText } from '@/lib/validation/text';

/** Caps on a comment; the minimums and their messages are the product's form rules. */
export const COMMENT_LIMITS = { nameMin: 2, nameMax: 100, contentMin: 10, contentMax: 5000, links: 3 } as const;

/** A reader's comment, as the form sends it and `POST /api/articles/{id}/comments` accepts it. */
export const commentCreateSchema = z.object({
  /** Shown publicly once approved. */
  authorName: requiredText()
    .trim()
    .min(COMMENT_LIMITS.nameMin, 'Name must be at least 2 characters')
    .max(COMMENT_LIMITS.nameMax, 'Name must be at most 100 characters'),
  /** Seen only by the administrator. */
  authorEmail: emailSchema,
  /** Plain text; always rendered as text. */
  content: requiredText()
    .trim()
    .min(COMMENT_LIMITS.contentMin, 'Comment must be at least 10 characters')
    .max(COMMENT_LIMITS.contentMax, 'Comment must be at most 5000 characters')
    .refine((text) => countLinks(text) <= COMMENT_LIMITS.links, 'Comment may contain at most 3 links'),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type CommentCreateInput = z.input<typeof commentCreateSchema>;
export type CommentCreate = z.output<typeof commentCreateSchema>;

/** Which page of an article's approved comments to read. */
export const commentPageQuerySchema = z.object({
  /** How many (the newest ones, or those before `before`); 50 by default. */
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** A comment's id: read the comments older than it ("Show older"). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export type CommentPageQuery = z.output<typeof commentPageQuerySchema>;
