import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { gridFuelHourly, gridHourly } from '@db/schema';
import { db, type Executor } from '@/server/db';

export type GridHourRow = typeof gridHourly.$inferSelect;
export type GridFuelRow = typeof gridFuelHourly.$inferSelect;

/** Rows written per statement (SQLite's bound parameters stay well under its limit). */
const BATCH = 400;

/** A region's newest stored hour of any kind (a forecast-only hour included), with whether it is sample data. */
export async function newestGridRow(respondent: string, tx: Executor = db): Promise<Pick<GridHourRow, 'period' | 'sample'> | undefined> {
  const [row] = await tx
    .select({ period: gridHourly.period, sample: gridHourly.sample })
    .from(gridHourly)
    .where(eq(gridHourly.respondent, respondent))
    .orderBy(desc(gridHourly.period))
    .limit(1);
  return row;
}

/** A region's first stored hour. */
export async function earliestGridHour(respondent: string, tx: Executor = db): Promise<Date | undefined> {
  const [row] = await tx
    .select({ period: gridHourly.period })
    .from(gridHourly)
    .where(eq(gridHourly.respondent, respondent))
    .orderBy(asc(gridHourly.period))
    .limit(1);
  return row?.period;
}

/** A region's latest hour with a demand figure. */
export async function latestGridHour(respondent: string, tx: Executor = db): Promise<GridHourRow | undefined> {
  const [row] = await tx
    .select()
    .from(gridHourly)
    .where(and(eq(gridHourly.respondent, respondent), isNotNull(gridHourly.demand)))
    .orderBy(desc(gridHourly.period))
    .limit(1);
  return row;
}

/** A region's hours from `from` to `to` (inclusive), oldest first. */
export function listGridHours(respondent: string, from: Date, to: Date, tx: Executor = db): Promise<GridHourRow[]> {
  return tx
    .select()
    .from(gridHourly)
    .where(and(eq(gridHourly.respondent, respondent), gte(gridHourly.period, from), lte(gridHourly.period, to)))
    .orderBy(asc(gridHourly.period));
}

/** A region's generation by fuel from `from` to `to` (inclusive), oldest first. */
export function listGridFuels(respondent: string, from: Date, to: Date, tx: Executor = db): Promise<GridFuelRow[]> {
  return tx
    .select()
    .from(gridFuelHourly)
    .where(and(eq(gridFuelHourly.respondent, respondent), gte(gridFuelHourly.period, from), lte(gridFuelHourly.period, to)))
    .orderBy(asc(gridFuelHourly.period), asc(gridFuelHourly.fuel));
}

/**
 * A region's net generation of each fuel over the hours ending in (`after`, `until`], in
 * megawatthours (storage's charging counted against it): a range of the primary key.
 */
export function sumGridFuels(respondent: string, after: Date, until: Date, tx: Executor = db): Promise<{ fuel: string; total: number }[]> {
  return tx
    .select({ fuel: gridFuelHourly.fuel, total: sql<number>`sum(${gridFuelHourly.value})` })
    .from(gridFuelHourly)
    .where(and(eq(gridFuelHourly.respondent, respondent), gt(gridFuelHourly.period, after), lte(gridFuelHourly.period, until)))
    .groupBy(gridFuelHourly.fuel)
    .orderBy(asc(gridFuelHourly.fuel));
}

/**
 * A region's highest hourly demand stored, at or before `until` when given: the last entry of
 * `(respondent, demand)`, walked down past any later hours.
 */
export async function gridDemandRecord(respondent: string, until?: Date, tx: Executor = db): Promise<{ period: Date; demand: number } | undefined> {
  const [row] = await tx
    .select({ period: gridHourly.period, demand: sql<number>`${gridHourly.demand}` })
    .from(gridHourly)
    .where(and(eq(gridHourly.respondent, respondent), isNotNull(gridHourly.demand), until ? lte(gridHourly.period, until) : undefined))
    .orderBy(desc(gridHourly.demand))
    .limit(1);
  return row;
}

/** Removes the seeded sample week (the first import replaces it). */
export async function deleteSampleGrid(tx: Executor = db): Promise<void> {
  await tx.delete(gridFuelHourly).where(eq(gridFuelHourly.sample, true));
  await tx.delete(gridHourly).where(eq(gridHourly.sample, true));
}

/**
 * Inserts or revises hours of region figures; a figure missing from the new row (EIA has not
 * sent it yet, or marked a gap) keeps the stored one. Answers the respondent of each row that
 * changed (a row unchanged is not written).
 */
export async function upsertGridHours(rows: readonly Omit<GridHourRow, 'sample'>[], tx: Executor = db): Promise<string[]> {
  const written: string[] = [];
  const keep = (column: typeof gridHourly.demand | typeof gridHourly.forecast | typeof gridHourly.generation | typeof gridHourly.interchange) =>
    sql`coalesce(excluded.${sql.identifier(column.name)}, ${column})`;
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await tx
      .insert(gridHourly)
      .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, sample: false })))
      .onConflictDoUpdate({
        target: [gridHourly.respondent, gridHourly.period],
        set: {
          demand: keep(gridHourly.demand),
          forecast: keep(gridHourly.forecast),
          generation: keep(gridHourly.generation),
          interchange: keep(gridHourly.interchange),
          sample: false,
        },
        setWhere: sql`${gridHourly.demand} is not coalesce(excluded.demand, ${gridHourly.demand})
          or ${gridHourly.forecast} is not coalesce(excluded.forecast, ${gridHourly.forecast})
          or ${gridHourly.generation} is not coalesce(excluded.generation, ${gridHourly.generation})
          or ${gridHourly.interchange} is not coalesce(excluded.interchange, ${gridHourly.interchange})`,
      })
      .returning({ respondent: gridHourly.respondent });
    for (const r of result) written.push(r.respondent);
  }
  return written;
}

/** Inserts or revises generation by fuel; answers the respondent of each row that changed. */
export async function upsertGridFuels(rows: readonly Omit<GridFuelRow, 'sample'>[], tx: Executor = db): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await tx
      .insert(gridFuelHourly)
      .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, sample: false })))
      .onConflictDoUpdate({
        target: [gridFuelHourly.respondent, gridFuelHourly.period, gridFuelHourly.fuel],
        set: { value: sql`excluded.value`, sample: false },
        setWhere: sql`${gridFuelHourly.value} <> excluded.value`,
      })
      .returning({ respondent: gridFuelHourly.respondent });
    for (const r of result) written.push(r.respondent);
  }
  return written;
}

/** Removes a region's hours before `before` (a range of the primary key); answers how many rows went. */
export async function pruneGridBefore(respondent: string, before: Date, tx: Executor = db): Promise<number> {
  const fuels = await tx
    .delete(gridFuelHourly)
    .where(and(eq(gridFuelHourly.respondent, respondent), lt(gridFuelHourly.period, before)))
    .returning({ period: gridFuelHourly.period });
  const hours = await tx
    .delete(gridHourly)
    .where(and(eq(gridHourly.respondent, respondent), lt(gridHourly.period, before)))
    .returning({ period: gridHourly.period });
  return fuels.length + hours.length;
}
