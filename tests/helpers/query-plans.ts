import { createClient } from '@libsql/client';
import { createExecutorDatabase, isReadStatement, type Backend, type Statement, type StatementResult } from '@db/executor';
import * as schema from '@db/schema';
import type { TestServer } from './test-server.ts';

/**
 * An executor on a test server's database that runs every statement for real and keeps
 * SQLite's plan for it, so a test can call the site's own query functions and see how each
 * statement is served.
 */
export function planRecorder(server: TestServer) {
  const plans: { sql: string; plan: string[] }[] = [];
  // Each statement, and its plan, on a connection of its own, opened for it and closed after:
  // @libsql/client's file driver can leave a read snapshot open after a statement with
  // parameters, and a later write on that connection (the test's own arranging of data) would
  // then be refused with SQLITE_BUSY when the server commits beside it (page views every second);
  // a fresh connection also reads everything committed before it, the test's own writes included.
  const once = async (sql: string, args: (string | number | null)[]) => {
    const client = createClient({ url: server.databaseUrl, timeout: 10_000 });
    try {
      return await client.execute({ sql, args });
    } finally {
      client.close();
    }
  };
  const run = async (statement: Statement): Promise<StatementResult> => {
    const args = statement.params.map((p) => (typeof p === 'boolean' ? Number(p) : p instanceof Date ? p.getTime() : p)) as (
      string | number | null
    )[];
    const explained = await once(`EXPLAIN QUERY PLAN ${statement.sql}`, args);
    plans.push({ sql: statement.sql, plan: explained.rows.map((r) => r['detail'] as string) });
    const result = await once(statement.sql, args);
    const shape = (row: (typeof result.rows)[number] | undefined) =>
      row === undefined
        ? undefined
        : statement.asObjects
          ? Object.fromEntries(result.columns.map((c, i) => [c, row[i]]))
          : Array.from({ length: row.length }, (_, i) => row[i]);
    if (statement.method === 'get') return { rows: shape(result.rows[0]) };
    return { rows: statement.method === 'run' ? [] : result.rows.map(shape) };
  };
  const backend: Backend = {
    read: (statement) => {
      if (!isReadStatement(statement.sql)) throw new Error(`Not a read: ${statement.sql}`);
      return run(statement);
    },
    transaction: (fn) => fn(run),
    close: () => Promise.resolve(),
  };
  const recorded = createExecutorDatabase(() => backend, schema);
  return { db: recorded.db, writeTransaction: recorded.writeTransaction, plans };
}

/** Plan lines that read a whole table (a SCAN without an index) of `tables`: articles and comments unless told others. */
export const fullScans = (plans: { sql: string; plan: string[] }[], tables: readonly string[] = ['articles', 'comments']) =>
  plans.flatMap(({ sql, plan }) =>
    plan
      .filter(
        (line) => tables.some((table) => line.startsWith(`SCAN ${table} `) || line === `SCAN ${table}`) && !/USING (COVERING )?INDEX/.test(line),
      )
      .map((line) => `${line} in: ${sql}`),
  );

/**
 * Each statement's plan as its shape, one string per statement: which table is searched or
 * scanned, through an index or not, on which columns, with what sort, but not by which index's
 * name ("SEARCH calendar_events USING INDEX (starts_at>? AND starts_at<?)"), so a test states
 * how a statement is served and an index may be renamed or widened.
 */
export const planShapes = (plans: { sql: string; plan: string[] }[]) =>
  plans.map(({ plan }) => plan.map((line) => line.replace(/USING (?:COVERING )?INDEX \S+/, 'USING INDEX')).join(' | '));

/**
 * Paged list statements (with a LIMIT) outside full-text search that sort their rows in a
 * temporary b-tree: every matching row is read and sorted for one page, instead of the page
 * coming in an index's order.
 */
export const sortedPages = (plans: { sql: string; plan: string[] }[]) =>
  plans
    .filter(({ sql, plan }) => /\blimit\b/i.test(sql) && !/_fts\b/.test(sql) && plan.some((line) => line.includes('USE TEMP B-TREE FOR ORDER BY')))
    .map(({ sql }) => sql);

/**
 * Counts grouped on articles or comments through a temporary b-tree: every row is read and
 * sorted to be grouped, where an index in group order would count them as they come.
 */
export const sortedGroups = (plans: { sql: string; plan: string[] }[]) =>
  plans
    .filter(
      ({ sql, plan }) =>
        /\bgroup by\b/i.test(sql) &&
        /\bfrom "?(articles|comments)\b/i.test(sql) &&
        plan.some((line) => line.includes('USE TEMP B-TREE FOR GROUP BY')),
    )
    .map(({ sql }) => sql);
