import { eq, sql } from 'drizzle-orm';
import { siteState } from '@db/schema';
import { db, type Executor } from '@/server/db';

const CONTENT_VERSION = 'content_version';

/** The content version every page cache is keyed to; shared by all web processes. */
export async function getContentVersion(tx: Executor = db): Promise<string> {
  const [row] = await tx.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, CONTENT_VERSION));
  return row?.value ?? '0';
}

/** A stored value of the site's own state, or undefined. */
export async function getSiteState(key: string, tx: Executor = db): Promise<string | undefined> {
  const [row] = await tx.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, key));
  return row?.value;
}

export async function setSiteState(key: string, value: string, tx: Executor = db): Promise<void> {
  await tx.insert(siteState).values({ key, value }).onConflictDoUpdate({ target: siteState.key, set: { value } });
}

/** Moves the content version on, so every cached page is rendered afresh. */
export async function bumpContentVersion(tx: Executor = db): Promise<void> {
  await tx
    .insert(siteState)
    .values({ key: CONTENT_VERSION, value: '1' })
    .onConflictDoUpdate({ target: siteState.key, set: { value: sql`CAST(${siteState.value} AS INTEGER) + 1` } });
}
