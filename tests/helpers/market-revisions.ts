import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@db/client';
import { figureRevisions, importRuns, marketSeries } from '@db/schema';
import { tagsToPurge } from '@/server/cache/tags';
import type { Executor } from '@/server/db';
import { insertValueRevisions, upsertObservations } from '@/server/queries/market';
import { insertPagePurge } from '@/server/queries/page-purges';
import { purgeCommitted } from './purge.ts';
import { bumpContentVersion } from '@/server/queries/site-state';

/**
 * Writes figures of one series as the EIA import does (`importFromEia`, `runEiaImport`): in one
 * transaction, a finished manual run, the observations upserted (a changed one is EIA's revision),
 * each figure written kept as a vintage seen by that run, and the purge of the pages showing
 * the series logged with the content version moved on, as the import's `contentChanged` does
 * (the site's processes and the shared cache in front follow the log). Answers the rows written.
 */
export async function writeSeriesFigures(
  database: Database,
  slug: string,
  rows: { period: string; value: number }[],
  at: Date = new Date(),
): Promise<{ period: string; value: number }[]> {
  const db = database.db as unknown as Executor;
  const written = await db.transaction(async (tx) => {
    const [series] = await tx.select({ id: marketSeries.id }).from(marketSeries).where(eq(marketSeries.slug, slug));
    if (!series) throw new Error(`No series ${slug}`);
    const [run] = await tx
      .insert(importRuns)
      .values({ startedAt: at, finishedAt: at, status: 'succeeded', trigger: 'manual', rows: rows.length, message: `Test revision of ${slug}.` })
      .returning({ id: importRuns.id });
    const written = await upsertObservations(series.id, rows, tx);
    await insertValueRevisions(series.id, written, { at, runId: run?.id ?? null }, tx);
    await bumpContentVersion(tx);
    await insertPagePurge(tagsToPurge({ kind: 'market', series: [slug] }), at, tx);
    return written;
  });
  await purgeCommitted(db);
  return written;
}

/**
 * The market series' vintages as rows of their series (`figure_revisions`, dataset `market`,
 * figure the series' id), of one series or all, by series, period and when seen.
 */
export async function seriesVintages(db: Database['db'], seriesId?: number) {
  const r = figureRevisions;
  const rows = await db
    .select()
    .from(r)
    .where(and(eq(r.dataset, 'market'), seriesId === undefined ? undefined : eq(r.figure, String(seriesId))))
    .orderBy(sql`cast(${r.figure} as integer)`, asc(r.period), asc(r.seenAt));
  return rows.map(({ figure, period, seenAt, value, runId, revised }) => ({ seriesId: Number(figure), period, seenAt, value, runId, revised }));
}
