import * as z from '@/lib/validation/zod-mini';

/** The admin's change to a contact message. */
export const messageUpdateSchema = z.object({
  /** Whether the editors have dealt with it. */
  handled: z.boolean({ error: 'Must be true or false' }),
});
