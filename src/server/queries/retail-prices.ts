import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { retailPrices } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type RetailPriceRow = typeof retailPrices.$inferSelect;

/** The newest stored month of a state's (or `US`) price of a sector, with whether it is sample data. */
export async function newestRetailPrice(
  state: string,
  sector: string,
  tx: Executor = db,
): Promise<Pick<RetailPriceRow, 'period' | 'sample'> | undefined> {
  const [row] = await tx
    .select({ period: retailPrices.period, sample: retailPrices.sample })
    .from(retailPrices)
    .where(and(eq(retailPrices.state, state), eq(retailPrices.sector, sector)))
    .orderBy(desc(retailPrices.period))
    .limit(1);
  return row;
}

/** Every state's (and the US's) price of some sectors in one month: a range of `(sector, period)` per sector. */
export function listRetailPricesOfMonth(sectors: readonly string[], period: string, tx: Executor = db): Promise<RetailPriceRow[]> {
  return tx
    .select()
    .from(retailPrices)
    .where(and(inArray(retailPrices.sector, [...sectors]), eq(retailPrices.period, period)));
}

/** The prices of some states (`US` included) from `from` on (every month without it), by state, sector and month. */
export function listRetailHistory(states: readonly string[], from: string | undefined, tx: Executor = db): Promise<RetailPriceRow[]> {
  return tx
    .select()
    .from(retailPrices)
    .where(and(inArray(retailPrices.state, [...states]), from ? gte(retailPrices.period, from) : undefined))
    .orderBy(asc(retailPrices.state), asc(retailPrices.sector), asc(retailPrices.period));
}

/** Removes the sample prices (real data replaces them). */
export async function deleteSampleRetailPrices(tx: Executor = db): Promise<void> {
  await tx.delete(retailPrices).where(eq(retailPrices.sample, true));
}

/** Inserts or revises prices; answers how many rows were written. */
export async function upsertRetailPrices(rows: readonly Omit<RetailPriceRow, 'sample'>[], tx: Executor = db): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 400) {
    const result = await tx
      .insert(retailPrices)
      .values(rows.slice(i, i + 400).map((r) => ({ ...r, sample: false })))
      .onConflictDoUpdate({
        target: [retailPrices.state, retailPrices.sector, retailPrices.period],
        set: { price: sql`excluded.price`, sample: false },
        setWhere: sql`${retailPrices.price} <> excluded.price or ${retailPrices.sample} <> 0`,
      })
      .returning({ period: retailPrices.period });
    written += result.length;
  }
  return written;
}
