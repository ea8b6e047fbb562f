// What the API answers about dated corrections of published articles.
import * as z from '@/lib/validation/zod-mini';
import { about, isoDateTime, recordId, namedObject } from '@/lib/wire/common';

/** A correction as the newsroom lists it: what readers see, and who added it. */
export const correctionSchema = namedObject('Correction', 'A dated correction of a published article.', {
  id: recordId,
  articleId: recordId,
  text: about(z.string(), 'Plain text, as readers see it under the article.'),
  createdAt: about(isoDateTime, 'The correction’s date, shown to readers; the article’s “Updated” date follows the newest.'),
  createdBy: z.nullable(about(z.string(), 'The user name of the editor who added it; null when unknown.')),
});
export type Correction = z.output<typeof correctionSchema>;

/** A correction as readers see it: its date and text. */
export type PublicCorrection = Pick<Correction, 'id' | 'text' | 'createdAt'>;

/** A correction on the corrections page: with the article it corrects. */
export type ListedCorrection = PublicCorrection & { article: { id: number; slug: string; title: string } };
