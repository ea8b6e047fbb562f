import { z } from 'zod';
import { HONEYPOT_FIELD, emailSchema, requiredText } from '@/lib/validation/text';

/** The contact form's categories: the value stored, and the name editors and visitors see. */
export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'business', label: 'Business Partnership' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'press', label: 'Press/Media' },
  { value: 'feedback', label: 'Feedback' },
] as const;

const categoryValues = CONTACT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

/** A contact message, as the form sends it and `POST /api/contact` accepts it. */
export const contactCreateSchema = z.object({
  name: requiredText().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  /** Optional; an empty string counts as none. */
  company: z
    .string({ error: 'Must be text' })
    .trim()
    .max(200, 'Company must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject: requiredText().trim().min(5, 'Subject must be at least 5 characters').max(200, 'Subject must be at most 200 characters'),
  category: z.enum(categoryValues, { error: 'Please select a category' }),
  message: requiredText().trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be at most 5000 characters'),
  /** Honeypot, empty for people. */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;
