// The shapes every paged list shares: how many rows match, and one page read in two steps (the
// page's ids first, from the full-text index when searching or from the table's own index,
// then only those rows, put back in the ids' order); and the one-statement reads and writes
// the query modules share (a row by key, a conditional change or delete that says if it hit).
import { count, inArray, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Executor } from '@/server/db';

/** One page of a filtered, ordered list: `limit` rows after the first `offset`. */
export interface ListPage<F, S extends string> {
  filter: F;
  sort: S;
  limit: number;
  offset: number;
}

/** The first row of `table` matching `where` (one row: by a key, or the one such row), or undefined. */
export async function findRow<T extends SQLiteTable>(tx: Executor, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await tx.select().from(table).where(where).limit(1)) as T['$inferSelect'][];
  return row;
}

/**
 * Sets `values` on the rows of `table` matching `where`, in one statement; answers whether any
 * matched (a change of a row that may be gone, a claim or lease that may be lost).
 */
export async function updateWhere<T extends SQLiteTable>(
  tx: Executor,
  table: T,
  values: SQLiteUpdateSetSource<T>,
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await tx
    .update(table)
    .set(values)
    .where(where)
    .returning({ one: sql`1` });
  return rows.length > 0;
}

/** Deletes the rows of `table` matching `where`; answers whether there was any. */
export async function deleteWhere(tx: Executor, table: SQLiteTable, where: SQL | undefined): Promise<boolean> {
  const rows = await tx
    .delete(table)
    .where(where)
    .returning({ one: sql`1` });
  return rows.length > 0;
}

/** How many rows of `table` (or a subquery) match `where` (all of them without it). */
export async function countRows(tx: Executor, table: SQLiteTable | Subquery, where?: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * How many rows of `table` match `where`, counted up to `cap` + 1 at most: a count over a table
 * that only grows (the outbox, the audit trail) then costs the same after years. More than
 * `cap` says "more than `cap`" (see `cappedTotal`).
 */
export async function countRowsUpTo(tx: Executor, table: SQLiteTable, where: SQL | undefined, cap: number): Promise<number> {
  const matches = tx
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1);
  const [row] = await tx.select({ n: count() }).from(matches.as('matches'));
  return row?.n ?? 0;
}

/** One page of a table's rows matching `where` in `order`, as the index that fits them serves it. */
export interface IndexedPage {
  table: SQLiteTable;
  /** The table's integer primary key. */
  id: SQLiteColumn;
  where: SQL | undefined;
  order: (SQLiteColumn | SQL)[];
  limit: number;
  offset: number;
}

/**
 * The ids of one page: those `search` selects (a full-text statement selecting `id`, ordered
 * and limited) when there is a search, otherwise those of `page`.
 */
export async function pageIds(tx: Executor, page: IndexedPage, search?: SQL): Promise<number[]> {
  const rows = search
    ? await tx.all<{ id: number }>(search)
    : await tx
        .select({ id: page.id })
        .from(page.table)
        .where(page.where)
        .orderBy(...page.order)
        .limit(page.limit)
        .offset(page.offset);
  return rows.map((r) => Number(r.id));
}

/** `rows` (read by id, in no order) in the order of `ids`; an id without a row is left out. */
export function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Deletes the rows of `table` whose `id` is one of `ids` (a bulk action of a list); answers how many there were. */
export async function deleteByIds(tx: Executor, table: SQLiteTable, id: SQLiteColumn, ids: number[]): Promise<number> {
  const rows = await tx.delete(table).where(inArray(id, ids)).returning({ id });
  return rows.length;
}

/** Sets `values` on the rows of `table` whose `id` is one of `ids` (a bulk action of a list); answers how many there were. */
export async function updateByIds<T extends SQLiteTable>(
  tx: Executor,
  table: T,
  id: SQLiteColumn,
  ids: number[],
  values: SQLiteUpdateSetSource<T>,
): Promise<number> {
  const rows = await tx.update(table).set(values).where(inArray(id, ids)).returning({ id });
  return rows.length;
}
