import * as z from '@/lib/validation/zod-mini';
import { emailSchema } from '@/lib/validation/text';

/** The admin's "Send test": where to send the next briefing as it stands. */
export const newsletterTestSchema = z.object({
  email: emailSchema,
});
export type NewsletterTest = z.output<typeof newsletterTestSchema>;
