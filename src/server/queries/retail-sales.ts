import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { retailSales } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type RetailSalesRow = typeof retailSales.$inferSelect;

/** The newest stored month of a state's (or `US`) sales of a sector, with whether it is sample data. */
export async function newestRetailSales(
  state: string,
  sector: string,
  tx: Executor = db,
): Promise<Pick<RetailSalesRow, 'period' | 'sample'> | undefined> {
  const [row] = await tx
    .select({ period: retailSales.period, sample: retailSales.sample })
    .from(retailSales)
    .where(and(eq(retailSales.state, state), eq(retailSales.sector, sector)))
    .orderBy(desc(retailSales.period))
    .limit(1);
  return row;
}

/** The sales of some states (`US` included) from `from` on (every month without it), by state, sector and month. */
export function listRetailSalesHistory(states: readonly string[], from: string | undefined, tx: Executor = db): Promise<RetailSalesRow[]> {
  return tx
    .select()
    .from(retailSales)
    .where(and(inArray(retailSales.state, [...states]), from ? gte(retailSales.period, from) : undefined))
    .orderBy(asc(retailSales.state), asc(retailSales.sector), asc(retailSales.period));
}

/** Removes the sample sales (real data replaces them). */
export async function deleteSampleRetailSales(tx: Executor = db): Promise<void> {
  await tx.delete(retailSales).where(eq(retailSales.sample, true));
}

/** Inserts or revises sales; answers how many rows were written. */
export async function upsertRetailSales(rows: readonly Omit<RetailSalesRow, 'sample'>[], tx: Executor = db): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 400) {
    const result = await tx
      .insert(retailSales)
      .values(rows.slice(i, i + 400).map((r) => ({ ...r, sample: false })))
      .onConflictDoUpdate({
        target: [retailSales.state, retailSales.sector, retailSales.period],
        set: { value: sql`excluded.value`, sample: false },
        setWhere: sql`${retailSales.value} <> excluded.value or ${retailSales.sample} <> 0`,
      })
      .returning({ period: retailSales.period });
    written += result.length;
  }
  return written;
}
