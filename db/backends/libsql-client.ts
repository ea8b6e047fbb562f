import type { Client, InArgs, ResultSet, Row } from '@libsql/client';
import type { Backend, Statement, StatementResult } from '../executor.ts';
import { WriteScheduler } from '../group-commit.ts';

const asArray = (row: Row | undefined) => (row ? Array.from({ length: row.length }, (_, i) => row[i]) : undefined);

function toResult(result: ResultSet, statement: Statement): StatementResult {
  if (statement.method === 'run')
    return { rows: [], rowsAffected: result.rowsAffected, lastInsertRowid: Number(result.lastInsertRowid ?? 0) } as StatementResult;
  if (statement.method === 'get') return { rows: asArray(result.rows[0]) };
  return { rows: result.rows.map(asArray) };
}

const toStatement = (statement: Statement) => ({ sql: statement.sql, args: statement.params as InArgs });

/**
 * A libSQL server (Turso, sqld) through `@libsql/client`: its calls are network requests,
 * so they never hold the event loop. Writes take the same group-commit queue as a file.
 */
export function libsqlClientBackend(client: Client): Backend {
  const scheduler = new WriteScheduler(async () => {
    const tx = await client.transaction('write');
    return {
      exec: async (statement) => toResult(await tx.execute(toStatement(statement)), statement),
      commit: () => tx.commit(),
      rollback: () => tx.rollback(),
    };
  });
  return {
    read: async (statement) => toResult(await client.execute(toStatement(statement)), statement),
    transaction: (fn) => scheduler.run(fn),
    close: () => Promise.resolve(client.close()),
  };
}
