import * as z from '@/lib/validation/zod-mini';
import { HONEYPOT_FIELD, emailSchema, honeypotSchema, oneLine, oneLineText, trimmedText } from '@/lib/validation/text';

/** The contact form's categories: the value sent, and the label readers and the admin see. */
export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'business', label: 'Business Partnership' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'press', label: 'Press/Media' },
  { value: 'feedback', label: 'Feedback' },
] as const;

const categoryValues = CONTACT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

/** A contact message, as the form sends it and `POST /api/contact` accepts it (zod's mini build, like the comment form). */
export const contactCreateSchema = z.object({
  name: oneLineText('Name', 2, 100),
  email: emailSchema,
  /** Optional; an empty string counts as none. */
  company: z.pipe(
    z.optional(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(200, 'Company must be at most 200 characters'), oneLine('Company'))),
    z.transform((v) => (v ? v : undefined)),
  ),
  subject: oneLineText('Subject', 5, 200),
  category: z.enum(categoryValues, { error: 'Please select a category' }),
  message: trimmedText('Message', 10, 5000),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;
