import * as z from '@/lib/validation/zod-mini';
import { requiredText } from '@/lib/validation/text';

/** The longest correction: a few sentences saying what was wrong and what is right. */
export const CORRECTION_MAX_CHARS = 1000;

/**
 * A dated correction of a published article, from the editor's form and
 * `POST /api/admin/articles/{id}/corrections`, `PATCH …/corrections/{correctionId}`: plain
 * text readers see under the article ("Correction, Nov 24, 2026: …"); line breaks are kept.
 */
export const correctionInputSchema = z.object({
  /** What was wrong and what is right, as readers read it. */
  text: requiredText().check(
    z.trim(),
    z.minLength(1, 'Write the correction'),
    z.maxLength(CORRECTION_MAX_CHARS, `A correction is at most ${CORRECTION_MAX_CHARS.toLocaleString('en-US')} characters`),
  ),
});

export type CorrectionInput = z.output<typeof correctionInputSchema>;
