import type { AuditAction } from '@/lib/staff/audit-actions';
import type { AdminAuditListQuery } from '@/lib/validation/staff';
import type { AuditEntry } from '@/lib/wire/staff';
import type { AdminPage } from '@/lib/wire/common';
import type { Executor } from '@/server/db';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_COUNT_CAP } from '@/lib/validation/admin-lists';
import { neutralised } from '@/lib/staff/audit-text';
import { countAuditEntries, insertAuditEntry, listAuditEntries } from '@/server/queries/audit-log';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';

/** Who did it: a signed-in person, or a name tried at the sign-in form. */
export interface AuditActor {
  userId: number | null;
  username: string;
}

/** What the entry is about: an article, a person, an invitation, a setting. */
export interface AuditSubject {
  type: 'article' | 'user' | 'invitation' | 'setting' | 'subscribers' | 'subscriber' | 'series';
  id?: number | string;
  /** A few words a reader of the trail needs: the article's title, the new role. */
  summary?: string;
}

/**
 * Writes one entry of the audit trail, in the transaction of the change it records when there
 * is one (so the change and its entry commit together). The address is the client's, for
 * sign-ins and staff changes. Names and summaries are stored `neutralised`.
 */
export async function audit(actor: AuditActor, action: AuditAction, subject?: AuditSubject, address?: string, tx?: Executor): Promise<void> {
  await insertAuditEntry(
    {
      at: new Date(),
      actorId: actor.userId,
      actorName: neutralised(actor.username, 200),
      action,
      subjectType: subject?.type ?? null,
      subjectId: subject?.id === undefined ? null : String(subject.id),
      summary: neutralised(subject?.summary ?? '', 300),
      address: address ?? null,
    },
    tx,
  );
}

/** The actor of a signed-in person's change. */
export const actorOf = (user: { userId: number; username: string }): AuditActor => ({ userId: user.userId, username: user.username });

/** A page of the audit trail for owners, newest first, filtered by action or person; totals counted up to 1,000 ("1,000+"), as the trail only grows. */
export async function listAuditTrail(query: AdminAuditListQuery): Promise<AdminPage<AuditEntry>> {
  const filter = { action: query.action, actorId: query.actorId };
  const [rows, total] = await Promise.all([
    listAuditEntries(filter, ADMIN_PAGE_SIZE, adminOffsetOf(query.page)),
    countAuditEntries(filter, ADMIN_SEARCH_COUNT_CAP),
  ]);
  // Rows are written by `audit` alone, so their action is one of AUDIT_ACTIONS.
  const items = rows.map((row) => ({ ...row, action: row.action as AuditAction, at: row.at.toISOString() }));
  return adminPage(items, query.page, total, true);
}
