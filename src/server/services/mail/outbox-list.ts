import type { AdminPage } from '@/lib/wire/common';
import type { OutboxItem, OutboxMessage } from '@/lib/wire/newsletter';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP, type AdminOutboxListQuery } from '@/lib/validation/admin-lists';
import { NotFoundError, messages } from '@/server/errors';
import { countOutboxMessages, getOutboxMessage, listOutboxMessages } from '@/server/queries/outbox';
import { asWire } from '@/server/queries/rows';
import { adminPage } from '@/server/admin-lists';

/**
 * A page of the outbox for the admin, newest first, with each message's delivery result.
 * The outbox grows with every send, so totals are counted up to 1,000 ("1,000+").
 */
export async function listOutboxForAdmin(query: AdminOutboxListQuery): Promise<AdminPage<OutboxItem>> {
  const filter = {
    kind: query.kind === 'all' ? undefined : query.kind,
    status: query.status === 'all' ? undefined : query.status,
    to: query.q ? query.q.toLowerCase() : undefined,
  };
  const [rows, total] = await Promise.all([
    listOutboxMessages(filter, ADMIN_PAGE_SIZE, (query.page - 1) * ADMIN_PAGE_SIZE),
    countOutboxMessages(filter, ADMIN_SEARCH_COUNT_CAP),
  ]);
  return adminPage(rows.map(asWire), query.page, total, true);
}

/** A link's token (a reader's confirmation, preferences or unsubscribe link; a staff link): its value, however it rides. */
const LINK_TOKEN = /([?&#]token=)[\w-]{16,}/g;

/**
 * A message's text or HTML with every link token hidden: the admin reads what was sent, never a
 * link that acts for its recipient (a staff link's token is not even stored; a reader's link would
 * confirm, change or end their subscription).
 */
export const withTokensHidden = (body: string): string => body.replace(LINK_TOKEN, '$1hidden');

/** One message in full, to read what was sent (its links' tokens hidden). */
export async function getOutboxMessageForAdmin(id: number): Promise<OutboxMessage> {
  const row = await getOutboxMessage(id);
  if (!row) throw new NotFoundError(messages.outboxMessageNotFound);
  return asWire({ ...row, text: withTokensHidden(row.text), html: row.html === null ? null : withTokensHidden(row.html) });
}
