import { desc, eq } from 'drizzle-orm';
import type { Database } from '@db/client';
import { marketObservations, marketSeries } from '@db/schema';

/** A series' stored figures (period and value), newest first: the `limit` latest. */
export function latestFigures(database: Database, slug: string, limit: number): Promise<{ period: string; value: number }[]> {
  return database.db
    .select({ period: marketObservations.period, value: marketObservations.value })
    .from(marketObservations)
    .innerJoin(marketSeries, eq(marketSeries.id, marketObservations.seriesId))
    .where(eq(marketSeries.slug, slug))
    .orderBy(desc(marketObservations.period))
    .limit(limit);
}
