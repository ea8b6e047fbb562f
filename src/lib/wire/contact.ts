// What the API answers about contact messages.
import * as z from '@/lib/validation/zod-mini';
import { about, isoDateTime, personal, recordId, namedObject } from '@/lib/wire/common';

/** A stored contact message: its id and when it arrived. */
export const contactReceiptSchema = z.object({ id: about(z.int(), 'The message’s id (0 for a message that was not kept).'), createdAt: isoDateTime });

/** A contact message in the admin's inbox (in lists, `message` is its beginning and `truncated` says so). */
export const adminMessageSchema = namedObject('ContactMessage', 'A contact message in the editors’ inbox.', {
  id: recordId,
  name: z.string(),
  email: personal(z.string()),
  company: z.nullable(z.string()),
  subject: z.string(),
  category: z.string(),
  message: about(z.string(), 'The text; in lists, its first 400 characters (`truncated` says so).'),
  truncated: z.optional(z.boolean()),
  handled: z.boolean(),
  createdAt: isoDateTime,
});
export type AdminMessage = z.output<typeof adminMessageSchema>;
