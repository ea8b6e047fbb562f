import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import { auditLog } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { countRowsUpTo } from '@/server/queries/pages';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditValues = typeof auditLog.$inferInsert;

/** Appends one entry (the table takes no other change: see its triggers). */
export async function insertAuditEntry(values: AuditValues, tx: Executor = db): Promise<void> {
  await tx.insert(auditLog).values(values);
}

/** Which entries a list shows: one action, one person, or all. */
export interface AuditFilter {
  action?: string | undefined;
  actorId?: number | undefined;
}

const whereOf = (filter: AuditFilter): SQL | undefined =>
  and(
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
  );

/** A page of entries, newest first (by id, in the order they were written), from the action's or actor's index or the table's own. */
export async function listAuditEntries(filter: AuditFilter, limit: number, offset: number, tx: Executor = db): Promise<AuditRow[]> {
  return tx.select().from(auditLog).where(whereOf(filter)).orderBy(desc(auditLog.id)).limit(limit).offset(offset);
}

/** How many entries a filter matches, counted up to `cap` + 1 (the trail only grows). */
export async function countAuditEntries(filter: AuditFilter, cap: number, tx: Executor = db): Promise<number> {
  return countRowsUpTo(tx, auditLog, whereOf(filter), cap);
}

/** Entries of one action written after entry `afterId`, oldest first (a watermark's next batch), from the action's index. */
export async function listAuditEntriesAfter(action: string, afterId: number, limit: number, tx: Executor = db): Promise<AuditRow[]> {
  return tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}
