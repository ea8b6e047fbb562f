// The migration that folds the market series' vintages (market_value_revisions) into the one
// vintages table (figure_revisions), run as a site runs it: on a database migrated up to the one
// before, holding ten years of daily imports' vintages of every seeded series, by the migrator
// every start runs. Every row moves with every column, and the series' reads answer as before.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '@db/migrate';
import { seedDatabase } from '@db/seed';
import { listObservationVintages, listRevisedVintages, listRevisionsOfRun, listValueRevisions } from '@/server/queries/market';
import { migrationFile } from '../helpers/database.ts';

const FOLD = migrationFile('_one_revisions_table.sql') ?? '';
const DAYS = 3_650;
const DAY_MS = 86_400_000;

/** The migrations folder as it was before the fold: its journal cut before it. */
function foldersBeforeFold(dir: string): string {
  const folder = join(dir, 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => `${e.tag}.sql` === FOLD);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe('the one-table migration on a database with years of market vintages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'energy-one-revisions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('moves every market vintage into figure_revisions with its run, time and mark, drops the old table, and the reads answer as before', async () => {
    const database = await openDatabase({ url: `file:${join(dir, 'site.db')}` });
    try {
      const { db, client } = database;
      await migrate(db, { migrationsFolder: foldersBeforeFold(dir) });
      // The series without their sample figures: the seed of today writes tables (the retail sales)
      // that came after the fold, and the figures this test needs are the vintages it writes below.
      await seedDatabase(db, new Date(), { dataSamples: false });
      // Ten years of daily runs: each series' periods first seen the next day (those before vintages were kept: at 0, no run),
      // one in 20 revised a week later, one in 60 again a month later.
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const first = today - DAYS * DAY_MS;
      await client.execute(`WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS + 40})
        INSERT INTO import_runs (id, started_at, finished_at, status, trigger, rows) SELECT n + 1, ${first} + n * ${DAY_MS}, ${first} + n * ${DAY_MS} + 60000, 'succeeded', 'scheduled', 0 FROM d`);
      await client.execute(`WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS - 1}),
        v(later, plus, every) AS (VALUES (1, 0, 1), (8, 1, 20), (30, 2, 60))
        INSERT INTO market_value_revisions (series_id, period, seen_at, value, run_id, revised)
        SELECT s.id, date((${first} + d.n * ${DAY_MS}) / 1000, 'unixepoch'),
          CASE WHEN d.n < 100 AND v.later = 1 THEN 0 ELSE ${first} + (d.n + v.later) * ${DAY_MS} END,
          50 + (s.id * 7 + d.n) % 50 + v.plus,
          CASE WHEN d.n < 100 AND v.later = 1 THEN NULL ELSE d.n + v.later + 1 END,
          v.later > 1
        FROM market_series s, d, v WHERE d.n % v.every = 0`);
      const before = await client.execute(
        'SELECT series_id, period, seen_at, value, run_id, revised FROM market_value_revisions ORDER BY series_id, period, seen_at',
      );
      const series = Number((await client.execute('SELECT count(*) AS n FROM market_series')).rows[0]?.['n']);
      expect(before.rows.length).toBe(series * (DAYS + Math.ceil(DAYS / 20) + Math.ceil(DAYS / 60)));

      const started = performance.now();
      await migrateDatabase(db);
      const took = performance.now() - started;
      console.log(`The one-table migration moved ${before.rows.length} vintages in ${Math.round(took)} ms.`);

      const tables = await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'market_value_revisions'`);
      expect(tables.rows).toEqual([]);
      const after = await client.execute(
        `SELECT CAST(figure AS INTEGER) AS series_id, period, seen_at, value, run_id, revised FROM figure_revisions WHERE dataset = 'market' ORDER BY CAST(figure AS INTEGER), period, seen_at`,
      );
      expect(after.rows.map((r) => Object.values(r).map(Number).join())).toEqual(before.rows.map((r) => Object.values(r).map(Number).join()));

      // The reads, on the moved rows: a series' revisions by cursor, a run's, as first published and as known at a time.
      const id = Number((await client.execute(`SELECT id FROM market_series WHERE slug = 'wti'`)).rows[0]?.['id']);
      const page = await listValueRevisions(id, { limit: 3 }, db);
      expect(page).toHaveLength(3);
      for (const r of page) expect(r.value - r.previousValue).toBeGreaterThan(0);
      const next = await listValueRevisions(id, { limit: 3, after: page[2] }, db);
      // The next page starts after the last one's revision, in the same order.
      expect([...page, ...next]).toEqual(await listValueRevisions(id, { limit: 6 }, db));
      const run = page[0]?.runId ?? -1;
      expect((await listRevisionsOfRun(run, db)).every((r) => r.runId === run && r.seenAt === page[0]?.seenAt)).toBe(true);
      const firstFigures = await listObservationVintages(id, {}, { first: true }, DAYS + 1, db);
      expect(firstFigures).toHaveLength(DAYS);
      expect(firstFigures[0]?.seen).toBe(0);
      const revised = await listRevisedVintages(id, { start: new Date(first + 200 * DAY_MS).toISOString().slice(0, 10) }, db);
      expect(revised.length).toBeGreaterThan(0);
      expect(revised.every((r) => r.runId !== null)).toBe(true);
    } finally {
      database.close();
    }
  }, 180_000);
});
