import * as z from '@/lib/validation/zod-mini';
import { HONEYPOT_FIELD, countLinks, emailSchema, honeypotSchema, oneLineText, trimmedText } from '@/lib/validation/text';

/** Caps on a comment; the minimums and their messages are the product's form rules. */
export const COMMENT_LIMITS = { nameMin: 2, nameMax: 100, contentMin: 10, contentMax: 5000, links: 3 } as const;

/**
 * A reader's comment, as the form sends it and `POST /api/articles/{id}/comments` accepts it.
 * Built on zod's mini build: the article page loads this schema with the comment form.
 */
export const commentCreateSchema = z.object({
  /** Shown publicly once approved. */
  authorName: oneLineText('Name', COMMENT_LIMITS.nameMin, COMMENT_LIMITS.nameMax),
  /** Seen only by the administrator. */
  authorEmail: emailSchema,
  /** Plain text; always rendered as text. */
  content: trimmedText('Comment', COMMENT_LIMITS.contentMin, COMMENT_LIMITS.contentMax).check(
    z.refine((text) => countLinks(text) <= COMMENT_LIMITS.links, `Comment may contain at most ${COMMENT_LIMITS.links} links`),
  ),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type CommentCreateInput = z.input<typeof commentCreateSchema>;
export type CommentCreate = z.output<typeof commentCreateSchema>;
