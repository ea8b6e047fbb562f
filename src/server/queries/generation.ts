import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { generation } from '@db/schema';
import { energyMixName, OTHER_FUEL, RENEWABLES } from '@db/catalog/fuels';
import { FUEL_LABELS, RENEWABLE_FUELS } from '@/lib/energy';
import type { EnergyMixEntry } from '@/lib/wire/markets';
import { db, type Executor } from '@/server/db';

export type GenerationRow = typeof generation.$inferSelect;

/** The latest month with a US total, or undefined when nothing is stored. */
export async function latestGenerationMonth(tx: Executor = db): Promise<string | undefined> {
  const [row] = await tx
    .select({ period: max(generation.period) })
    .from(generation)
    .where(and(eq(generation.location, 'US'), eq(generation.fuel, 'ALL')));
  return row?.period ?? undefined;
}

/** The most recent months stored for the US, newest first. */
export async function recentGenerationMonths(count: number, tx: Executor = db): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ period: generation.period })
    .from(generation)
    .where(and(eq(generation.location, 'US'), eq(generation.fuel, 'ALL')))
    .orderBy(desc(generation.period))
    .limit(count);
  return rows.map((r) => r.period);
}

/** Every row of one month (all locations and fuels). */
export function listGenerationOfMonth(month: string, tx: Executor = db): Promise<GenerationRow[]> {
  return tx.select().from(generation).where(eq(generation.period, month));
}

/** The US rows of some months. */
export function listUsGeneration(months: string[], tx: Executor = db): Promise<GenerationRow[]> {
  return tx
    .select()
    .from(generation)
    .where(and(eq(generation.location, 'US'), inArray(generation.period, months)));
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The US generation mix of the latest stored month, in the energy mix's four sources
 * (Renewables = hydro, wind and solar) plus Other when it is at least half a percent;
 * with the month and whether its figures are the seeded sample.
 */
export async function generationEnergyMix(tx: Executor = db): Promise<{ mix: EnergyMixEntry[]; month: string; sample: boolean } | undefined> {
  const month = await latestGenerationMonth(tx);
  if (!month) return undefined;
  const rows = await tx
    .select({ fuel: generation.fuel, value: generation.value, source: generation.source })
    .from(generation)
    .where(and(eq(generation.period, month), eq(generation.location, 'US')));
  const value = (fuel: string) => rows.find((r) => r.fuel === fuel)?.value ?? 0;
  const total = value('ALL');
  if (total <= 0) return undefined;
  const renewables = RENEWABLE_FUELS.reduce((sum, f) => sum + value(f), 0);
  const mix: EnergyMixEntry[] = [
    { source: energyMixName(FUEL_LABELS.NG), percentage: round1((value('NG') / total) * 100) },
    { source: RENEWABLES.label, percentage: round1((renewables / total) * 100) },
    { source: energyMixName(FUEL_LABELS.COW), percentage: round1((value('COW') / total) * 100) },
    { source: energyMixName(FUEL_LABELS.NUC), percentage: round1((value('NUC') / total) * 100) },
  ];
  const other = round1(100 - mix.reduce((sum, m) => sum + m.percentage, 0));
  if (other >= 0.5) mix.push({ source: OTHER_FUEL.label, percentage: other });
  return { mix, month, sample: rows.some((r) => r.source !== 'eia') };
}

/** The latest month imported from EIA, or undefined. */
export async function latestEiaGenerationMonth(tx: Executor = db): Promise<string | undefined> {
  const [row] = await tx
    .select({ period: max(generation.period) })
    .from(generation)
    .where(eq(generation.source, 'eia'));
  return row?.period ?? undefined;
}

/** Removes the sample generation history (real data replaces it). */
export async function deleteSampleGeneration(tx: Executor = db): Promise<void> {
  await tx.delete(generation).where(eq(generation.source, 'seed'));
}

/** Inserts or revises generation figures; answers how many rows were written. */
export async function upsertGeneration(rows: GenerationRow[], tx: Executor = db): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = await tx
      .insert(generation)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [generation.period, generation.location, generation.fuel],
        set: { value: sql`excluded.value`, source: sql`excluded.source` },
        setWhere: sql`${generation.value} <> excluded.value or ${generation.source} <> excluded.source`,
      })
      .returning({ period: generation.period });
    written += result.length;
  }
  return written;
}

/** What generation data is stored: the latest month, how many rows, whether any came from EIA. */
export async function generationStatus(tx: Executor = db): Promise<{ latest: string | null; rows: number; fromEia: boolean }> {
  const [row] = await tx
    .select({ latest: max(generation.period), rows: sql<number>`count(*)`, eia: sql<number>`sum(${generation.source} = 'eia')` })
    .from(generation);
  return { latest: row?.latest ?? null, rows: Number(row?.rows ?? 0), fromEia: Number(row?.eia ?? 0) > 0 };
}

/** One location's rows of some months: a lookup of the primary key `(period, location)` per month. */
export function listGenerationOfLocation(location: string, months: readonly string[], tx: Executor = db): Promise<GenerationRow[]> {
  if (months.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(generation)
    .where(and(inArray(generation.period, [...months]), eq(generation.location, location)));
}
