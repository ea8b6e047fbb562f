import type { AdminMessage } from '@/lib/wire/contact';
import type { AdminPage } from '@/lib/wire/common';
import { ADMIN_PAGE_SIZE, type AdminMessageListQuery, type MessageBulk } from '@/lib/validation/admin-lists';
import type { ContactCreate } from '@/lib/validation/contact';
import { HONEYPOT_FIELD } from '@/lib/validation/text';
import { writeTransaction } from '@/server/db';
import { NotFoundError, messages } from '@/server/errors';
import {
  countContactMessages,
  deleteContactMessagesByIds,
  getContactMessage,
  insertContactMessage,
  listContactMessages,
  setContactMessagesHandled,
} from '@/server/queries/contact-messages';
import { readCounters } from '@/server/queries/counters';
import { RATE_RULES, takeRateLimit } from '@/server/services/rate-limits/recorded';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';

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

/** A page of the contact inbox. */
export async function listMessagesForAdmin(query: AdminMessageListQuery): Promise<AdminPage<AdminMessage>> {
  const filter = { q: query.q, status: query.status };
  const fromCounters = async () => {
    const c = await readCounters();
    const unhandled = c['messages_unhandled'] ?? 0;
    const handled = c['messages_handled'] ?? 0;
    return query.status === 'unhandled' ? unhandled : query.status === 'handled' ? handled : unhandled + handled;
  };
  const [items, total] = await Promise.all([
    listContactMessages({ filter, sort: query.sort, limit: ADMIN_PAGE_SIZE, offset: adminOffsetOf(query.page) }),
    query.q ? countContactMessages(filter) : fromCounters(),
  ]);
  return adminPage(items, query.page, total, false);
}

/** One message in full. */
export async function getMessageForAdmin(id: number): Promise<AdminMessage> {
  const message = await getContactMessage(id);
  if (!message) throw new NotFoundError(messages.messageNotFound);
  return message;
}

/** Marks a contact message handled (or not). */
export async function setMessageHandled(id: number, handled: boolean): Promise<void> {
  if ((await setContactMessagesHandled([id], handled)) === 0) throw new NotFoundError(messages.messageNotFound);
}

/** Deletes a contact message for good. */
export async function deleteMessage(id: number): Promise<void> {
  if ((await deleteContactMessagesByIds([id])) === 0) throw new NotFoundError(messages.messageNotFound);
}

/** Marks several messages handled or unhandled, or deletes them, in one transaction. */
export async function changeMessages(bulk: MessageBulk): Promise<{ changed: number; notFound: number }> {
  const ids = [...new Set(bulk.ids)];
  const changed = await writeTransaction((tx) =>
    bulk.action === 'delete' ? deleteContactMessagesByIds(ids, tx) : setContactMessagesHandled(ids, bulk.action === 'handled', tx),
  );
  return { changed, notFound: ids.length - changed };
}
