// What the API answers about reader comments: the public shape, and the moderator's.
import * as z from '@/lib/validation/zod-mini';
import { about, isoDateTime, named, personal, recordId } from '@/lib/wire/common';

const publicCommentFields = z.object({
  id: recordId,
  articleId: recordId,
  authorName: z.string(),
  content: about(z.string(), 'Plain text.'),
  approved: about(z.boolean(), 'Readers see approved comments only; a new one waits for moderation.'),
  createdAt: isoDateTime,
});

/** A comment as readers see it: never the author's e-mail. */
export const publicCommentSchema = named('Comment', publicCommentFields, 'A comment as readers see it: never its author’s e-mail.');
export type PublicComment = z.output<typeof publicCommentSchema>;

/** A comment as the administrator sees it, with its author's e-mail and article. */
export const moderationCommentSchema = named(
  'ModerationComment',
  z.extend(publicCommentFields, {
    articleTitle: z.string(),
    articleSlug: z.string(),
    authorEmail: personal(z.string()),
    /** The text; in lists, its first few hundred characters (`truncated` says so). */
    content: about(z.string(), 'The text; in lists, its first 400 characters (`truncated` says so).'),
    truncated: z.optional(z.boolean()),
  }),
  'A comment as the moderators see it, with its author’s e-mail and its article.',
);
export type ModerationComment = z.output<typeof moderationCommentSchema>;
