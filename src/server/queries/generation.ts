import { and, desc, eq, gte, inArray, lte, max } from 'drizzle-orm';
import type { Db } from '@db/client';
import { generation } from '@db/schema';
import { FUEL_LABELS, RENEWABLE_FUELS } from '@/lib/energy';
import type { EnergyMixEntry } from '@/lib/types';

export type GenerationRow = typeof generation.$inferSelect;

/** The latest month with a US total, or undefined when nothing is stored. */
export async function latestGenerationMonth(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ period: max(generation.period) })
    .from(generation)
    .where(and(eq(generation.location, 'US'), eq(generation.fuel, 'ALL')));
  return row?.period ?? undefined;
}

/** The generation rows of some locations over a range of months (inclusive). */
export async function listGeneration(db: Db, filter: { locations?: string[]; from: string; to: string }): Promise<GenerationRow[]> {
  const conditions = [gte(generation.period, filter.from), lte(generation.period, filter.to)];
  if (filter.locations) conditions.push(inArray(generation.location, filter.locations));
  return db
    .select()
    .from(generation)
    .where(and(...conditions))
    .orderBy(generation.period);
}

/** The most recent months stored for the US, newest first. */
export async function recentGenerationMonths(db: Db, count: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ period: generation.period })
    .from(generation)
    .where(and(eq(generation.location, 'US'), eq(generation.fuel, 'ALL')))
    .orderBy(desc(generation.period))
    .limit(count);
  return rows.map((r) => r.period);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The US generation mix of the latest stored month, in the energy mix's four sources
 * (Renewables = hydro, wind and solar) plus Other when it is at least half a percent.
 */
export async function generationEnergyMix(db: Db): Promise<EnergyMixEntry[] | undefined> {
  const month = await latestGenerationMonth(db);
  if (!month) return undefined;
  const rows = await db
    .select({ fuel: generation.fuel, value: generation.value })
    .from(generation)
    .where(and(eq(generation.period, month), eq(generation.location, 'US')));
  const value = (fuel: string) => rows.find((r) => r.fuel === fuel)?.value ?? 0;
  const total = value('ALL');
  if (total <= 0) return undefined;
  const renewables = RENEWABLE_FUELS.reduce((sum, f) => sum + value(f), 0);
  const mix: EnergyMixEntry[] = [
    { source: FUEL_LABELS.NG, percentage: round1((value('NG') / total) * 100) },
    { source: 'Renewables', percentage: round1((renewables / total) * 100) },
    { source: FUEL_LABELS.COW, percentage: round1((value('COW') / total) * 100) },
    { source: FUEL_LABELS.NUC, percentage: round1((value('NUC') / total) * 100) },
  ];
  const other = round1(100 - mix.reduce((sum, m) => sum + m.percentage, 0));
  if (other >= 0.5) mix.push({ source: 'Other', percentage: other });
  return mix;
}
