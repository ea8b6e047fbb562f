import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { contactMessages } from '@db/schema';
import type { AdminMessage } from '@/lib/wire/contact';
import { db, type Executor } from '@/server/db';
import { asWire, columnsOf } from '@/server/queries/rows';
import { countRows, deleteByIds, updateByIds, type ListPage } from '@/server/queries/pages';

/** Stores a contact message; answers its id and time. */
export async function insertContactMessage(
  values: { name: string; email: string; company: string | null; subject: string; category: string; message: string; createdAt: Date },
  tx: Executor = db,
): Promise<{ id: number; createdAt: string }> {
  const [row] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('The message was not stored.');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

/** A message as the editors' inbox shows it (`AdminMessage`). */
const inboxColumns = columnsOf(contactMessages, ['id', 'name', 'email', 'company', 'subject', 'category', 'message', 'handled', 'createdAt']);

/** Characters of a message a list row carries; the full text is one request away. */
export const MESSAGE_PREVIEW_CHARS = 400;

/** Which messages the inbox shows. */
export interface MessageFilter {
  q?: string | undefined;
  status: 'all' | 'unhandled' | 'handled';
}

function messageConditions(filter: MessageFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status !== 'all') conditions.push(eq(contactMessages.handled, filter.status === 'handled'));
  const q = filter.q?.trim();
  if (q) {
    // Messages are few beside articles and comments: a substring search over the page's candidates is enough.
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`${contactMessages.name} like ${pattern} escape '\\'`,
        sql`${contactMessages.email} like ${pattern} escape '\\'`,
        sql`${contactMessages.subject} like ${pattern} escape '\\'`,
      ) as SQL,
    );
  }
  return conditions;
}

/** A page of the inbox, newest or oldest first, each with the first part of its text. */
export async function listContactMessages(page: ListPage<MessageFilter, 'newest' | 'oldest'>, tx: Executor = db): Promise<AdminMessage[]> {
  const { filter, sort, limit, offset } = page;
  const rows = await tx
    .select({ ...inboxColumns, message: sql<string>`substr(${contactMessages.message}, 1, ${MESSAGE_PREVIEW_CHARS + 1})` })
    .from(contactMessages)
    .where(and(...messageConditions(filter)))
    .orderBy(...(sort === 'oldest' ? [contactMessages.createdAt, contactMessages.id] : [desc(contactMessages.createdAt), desc(contactMessages.id)]))
    .limit(limit)
    .offset(offset);
  return rows.map((m) => ({ ...asWire(m), message: m.message.slice(0, MESSAGE_PREVIEW_CHARS), truncated: m.message.length > MESSAGE_PREVIEW_CHARS }));
}

/** How many messages a searched inbox filter matches (unsearched totals come from the running counters). */
export async function countContactMessages(filter: MessageFilter, tx: Executor = db): Promise<number> {
  return countRows(tx, contactMessages, and(...messageConditions(filter)));
}

/** One message in full. */
export async function getContactMessage(id: number, tx: Executor = db): Promise<AdminMessage | undefined> {
  const [row] = await tx.select(inboxColumns).from(contactMessages).where(eq(contactMessages.id, id));
  return row && asWire(row);
}

/** Marks the given messages handled or not; answers how many there were. */
export async function setContactMessagesHandled(ids: number[], handled: boolean, tx: Executor = db): Promise<number> {
  return updateByIds(tx, contactMessages, contactMessages.id, ids, { handled });
}

/** Deletes the given messages; answers how many there were. */
export async function deleteContactMessagesByIds(ids: number[], tx: Executor = db): Promise<number> {
  return deleteByIds(tx, contactMessages, contactMessages.id, ids);
}

/** Up to `limit` contact messages with ids above `afterId`, oldest first: what the editors' notice lists. */
export function listContactMessagesAfter(afterId: number, limit: number, tx: Executor = db) {
  return tx
    .select(columnsOf(contactMessages, ['id', 'name', 'subject', 'category', 'createdAt']))
    .from(contactMessages)
    .where(sql`${contactMessages.id} > ${afterId}`)
    .orderBy(contactMessages.id)
    .limit(limit);
}
