import type { ContactCreate } from '@/lib/validation/contact';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { writeTransaction } from '@/server/db';
import { insertContactMessage } from '@/server/queries/contact-messages';
import { RATE_RULES, takeRateLimit } from '@/server/rate-limit';

/**
 * Stores a contact message for the editors, counting it toward the sender's limit of 5 an
 * hour. A filled honeypot gets the same answer and stores nothing.
 */
export async function submitContactMessage(
  input: ContactCreate,
  clientAddress: string,
  now: Date = new Date(),
): Promise<{ id: number; createdAt: string }> {
  if (input[HONEYPOT_FIELD]) return { id: 0, createdAt: now.toISOString() };
  return writeTransaction(async (tx) => {
    const [, stored] = await Promise.all([
      takeRateLimit(tx, 'contact', clientAddress, RATE_RULES.contact, now),
      insertContactMessage(
        {
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          subject: input.subject,
          category: input.category,
          message: input.message,
          createdAt: now,
        },
        tx,
      ),
    ]);
    return stored;
  });
}
