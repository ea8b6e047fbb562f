// Rows as the API answers them. A query selects one column list per shape, named as the
// shape's fields; `asWire` turns the row into the answer, so no mapper restates the fields.
import { getTableColumns, type Table } from 'drizzle-orm';

/** A row with its instants as ISO 8601 strings, as JSON answers carry them. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? Exclude<T[K], Date> | string : T[K] };

/** The row as the API answers it: every instant (a `Date`) as its ISO 8601 string. */
export function asWire<T extends object>(row: T): Wire<T> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])) as Wire<T>;
}

/** A table's columns of these names (the columns a shape's fields are named after). */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(table: T, names: readonly K[]): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>;
}

/** A column list without the named columns. */
export function omitColumns<C extends object, K extends keyof C>(columns: C, names: readonly K[]): Omit<C, K> {
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !names.includes(name as K))) as Omit<C, K>;
}
