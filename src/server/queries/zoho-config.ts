import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { zohoConfig } from '@db/schema';
import { db, type Executor } from '@/server/db';
import { updateWhere } from '@/server/queries/pages';

export type ZohoRow = typeof zohoConfig.$inferSelect;
export type ZohoValues = Omit<typeof zohoConfig.$inferInsert, 'id'>;

/** The site has one Zoho configuration row. */
const ROW_ID = 1;

/** The stored configuration row, if any (server-side only: it holds sealed secrets). */
export async function getZohoRow(tx: Executor = db): Promise<ZohoRow | undefined> {
  const [row] = await tx.select().from(zohoConfig).where(eq(zohoConfig.id, ROW_ID));
  return row;
}

/** Creates or replaces the configuration's fields. */
export async function saveZohoRow(values: ZohoValues, tx: Executor = db): Promise<void> {
  await tx
    .insert(zohoConfig)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: zohoConfig.id, set: values });
}

/** Changes some fields of the stored configuration (token cache, test outcome, energy mix cache). */
export async function updateZohoRow(changes: Partial<ZohoValues>, tx: Executor = db): Promise<void> {
  await tx.update(zohoConfig).set(changes).where(eq(zohoConfig.id, ROW_ID));
}

/**
 * Claims the next read of the energy mix from Zoho: true for one caller in any process while
 * the last read is older than `staleBefore` (or none was made), marking the read in progress
 * until `leaseUntil`, a time ahead of now, which the reader replaces with its own finish time.
 */
export async function claimZohoMixFetch(staleBefore: Date, leaseUntil: Date, tx: Executor = db): Promise<boolean> {
  return updateWhere(
    tx,
    zohoConfig,
    { energyMixFetchedAt: leaseUntil },
    and(
      eq(zohoConfig.id, ROW_ID),
      isNotNull(zohoConfig.energyMixViewId),
      or(isNull(zohoConfig.energyMixFetchedAt), lte(zohoConfig.energyMixFetchedAt, staleBefore)),
    ),
  );
}

/**
 * Ends the energy mix read claimed until `leaseUntil` with its outcome, unless the claim is no
 * longer that read's (the configuration was saved meanwhile, which cleared it): a read made
 * with the old settings never writes over the new ones.
 */
export async function finishZohoMixFetch(leaseUntil: Date, changes: Partial<ZohoValues>, tx: Executor = db): Promise<void> {
  await tx
    .update(zohoConfig)
    .set(changes)
    .where(and(eq(zohoConfig.id, ROW_ID), eq(zohoConfig.energyMixFetchedAt, leaseUntil)));
}
