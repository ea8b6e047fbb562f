import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { figureRevisions, generation, gridFuelHourly, gridHourly, importRuns, marketObservations, marketSeries, retailPrices } from '@db/schema';
import { listFigureVintages, listRevisedFigureVintages, recordFigureVintages } from '@/server/queries/figure-revisions';
import { endOfDay, revisionsByPeriod } from '@/lib/value-revisions';
import {
  getLatestValueRevision,
  insertValueRevisions,
  listObservationVintages,
  listRevisedVintages,
  listValueRevisionsAfter,
} from '@/server/queries/market';
import { migrationFile, runMigrationFile, useMigratedDatabase } from '../helpers/database.ts';
import { seriesVintages } from '../helpers/market-revisions.ts';

const at = (iso: string) => new Date(iso);

describe('revisionsByPeriod', () => {
  it('says, for each period with more than one vintage, its first figure, the one the latest revision replaced, when and how often', () => {
    const revisions = revisionsByPeriod([
      { period: '2026-10-02', value: 420, seenAt: 0 },
      { period: '2026-10-09', value: 421.5, seenAt: 0 },
      { period: '2026-10-09', value: 423, seenAt: Date.parse('2026-10-16T15:00:00Z') },
      { period: '2026-10-16', value: 430, seenAt: Date.parse('2026-10-22T15:00:00Z') },
      { period: '2026-10-16', value: 431, seenAt: Date.parse('2026-10-29T15:00:00Z') },
      { period: '2026-10-16', value: 429, seenAt: Date.parse('2026-11-05T15:00:00Z') },
      { period: '2026-10-23', value: 440, seenAt: Date.parse('2026-10-29T15:00:00Z') },
    ]);
    expect([...revisions]).toEqual([
      ['2026-10-09', { firstValue: 421.5, previousValue: 421.5, revisedAt: '2026-10-16T15:00:00.000Z', revisions: 1 }],
      ['2026-10-16', { firstValue: 430, previousValue: 431, revisedAt: '2026-11-05T15:00:00.000Z', revisions: 2 }],
    ]);
    expect(revisionsByPeriod([])).toEqual(new Map());
  });
});

describe('endOfDay', () => {
  it('is the next midnight in US Eastern time, in winter and in summer', () => {
    expect(endOfDay('2026-11-20').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(endOfDay('2026-07-04').toISOString()).toBe('2026-07-05T04:00:00.000Z');
    // The day the clocks go back lasts 25 hours.
    expect(endOfDay('2026-10-31').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(endOfDay('2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('vintages of a series in the database', () => {
  const database = useMigratedDatabase('value-revisions');

  /** A series with its vintages: Oct 2 first seen on the 8th and revised on the 15th and 22nd, Oct 9 first seen on the 15th. */
  async function arrange() {
    const { db } = database;
    const [series] = await db
      .insert(marketSeries)
      .values({ slug: `stocks-${Math.random().toString(36).slice(2, 8)}`, name: 'Stocks', unit: 'Bcf', frequency: 'weekly', source: 'eia:x:y' })
      .returning({ id: marketSeries.id });
    const id = series?.id ?? -1;
    const [run] = await db
      .insert(importRuns)
      .values({ startedAt: at('2026-10-15T14:00:00Z'), status: 'succeeded' })
      .returning({ id: importRuns.id });
    await insertValueRevisions(id, [{ period: '2026-10-02', value: 100 }], { at: at('2026-10-08T15:00:00Z'), runId: null }, db);
    await insertValueRevisions(
      id,
      [
        { period: '2026-10-02', value: 101 },
        { period: '2026-10-09', value: 110 },
      ],
      { at: at('2026-10-15T15:00:00Z'), runId: run?.id ?? null },
      db,
    );
    await insertValueRevisions(id, [{ period: '2026-10-02', value: 102 }], { at: at('2026-10-22T15:00:00Z'), runId: null }, db);
    return { id, runId: run?.id };
  }

  it('reads the figures as first published, or as known before an instant (a period published later is not yet there)', async () => {
    const { db } = database;
    const { id } = await arrange();
    const all = {};
    expect(await listObservationVintages(id, all, { first: true }, 100, db)).toEqual([
      { period: '2026-10-02', value: 100, seen: Date.parse('2026-10-08T15:00:00Z') },
      { period: '2026-10-09', value: 110, seen: Date.parse('2026-10-15T15:00:00Z') },
    ]);
    const values = async (before: string) =>
      (await listObservationVintages(id, all, { before: at(before) }, 100, db)).map(({ period, value }) => ({ period, value }));
    expect(await values('2026-10-08T15:00:00Z')).toEqual([]);
    expect(await values('2026-10-08T15:00:00.001Z')).toEqual([{ period: '2026-10-02', value: 100 }]);
    expect(await values('2026-10-20T00:00:00Z')).toEqual([
      { period: '2026-10-02', value: 101 },
      { period: '2026-10-09', value: 110 },
    ]);
    expect(await values('2030-01-01T00:00:00Z')).toEqual([
      { period: '2026-10-02', value: 102 },
      { period: '2026-10-09', value: 110 },
    ]);
    // A range and a limit count periods, not vintages.
    expect((await listObservationVintages(id, { start: '2026-10-03' }, { first: true }, 100, db)).map((p) => p.period)).toEqual(['2026-10-09']);
    expect((await listObservationVintages(id, { end: '2026-10-08' }, { first: true }, 100, db)).map((p) => p.period)).toEqual(['2026-10-02']);
    expect((await listObservationVintages(id, all, { before: at('2030-01-01T00:00:00Z') }, 1, db)).map((p) => p.value)).toEqual([102]);
  });

  it('answers a period’s latest vintage, its revisions after an instant, and every vintage of the revised periods only', async () => {
    const { db } = database;
    const { id, runId } = await arrange();
    expect(await getLatestValueRevision(id, '2026-10-02', db)).toMatchObject({ value: 102, seenAt: at('2026-10-22T15:00:00Z') });
    expect(await getLatestValueRevision(id, '2026-10-16', db)).toBeUndefined();
    expect((await listValueRevisionsAfter(id, '2026-10-02', at('2026-10-10T00:00:00Z'), db)).map((r) => [r.value, r.runId])).toEqual([
      [101, runId],
      [102, null],
    ]);
    expect(await listValueRevisionsAfter(id, '2026-10-09', at('2026-10-15T15:00:00Z'), db)).toEqual([]);
    const revised = await listRevisedVintages(id, {}, db);
    expect(revised.map((r) => [r.period, r.value])).toEqual([
      ['2026-10-02', 100],
      ['2026-10-02', 101],
      ['2026-10-02', 102],
    ]);
    expect(await listRevisedVintages(id, { start: '2026-10-03' }, db)).toEqual([]);
  });

  it('the migration makes every stored EIA figure its first vintage, marked as stored before vintages were kept; sample history gets none', async () => {
    const { db, client } = database;
    const series = await db
      .insert(marketSeries)
      .values([
        { slug: 'from-eia', name: 'From EIA', unit: '$/bbl', frequency: 'daily', source: 'eia:petroleum/pri/spt:RWTC' },
        { slug: 'sample', name: 'Sample', unit: '$/bbl', frequency: 'daily', source: 'seed' },
      ])
      .returning({ id: marketSeries.id });
    const [eia, sample] = series.map((s) => s.id);
    await db.insert(marketObservations).values([
      { seriesId: eia ?? -1, period: '2026-11-02', value: 61.5 },
      { seriesId: eia ?? -1, period: '2026-11-03', value: 62.25 },
      { seriesId: sample ?? -1, period: '2026-11-02', value: 70 },
    ]);
    // The table as it was before the migration: none (the one-table migration has dropped it); then the migrations that followed.
    await runMigrationFile(client, migrationFile('_market_revisions.sql'));
    await runMigrationFile(client, migrationFile('_revisions_by_run.sql'));
    await runMigrationFile(client, migrationFile('_one_revisions_table.sql'));
    expect(await seriesVintages(db, sample)).toEqual([]);
    const vintages = await seriesVintages(db, eia);
    expect(vintages).toEqual([
      { seriesId: eia, period: '2026-11-02', value: 61.5, seenAt: new Date(0), runId: null, revised: false },
      { seriesId: eia, period: '2026-11-03', value: 62.25, seenAt: new Date(0), runId: null, revised: false },
    ]);
  });

  it('marks each figure that replaced an earlier one of its period as a revision, on insert and in the migration for those stored before', async () => {
    const { db } = database;
    const { id } = await arrange();
    const marks = async () => (await seriesVintages(db, id)).map((r) => `${r.period} ${r.value} ${r.revised ? 'revised' : 'first'}`);
    const expected = ['2026-10-02 100 first', '2026-10-02 101 revised', '2026-10-02 102 revised', '2026-10-09 110 first'];
    expect(await marks()).toEqual(expected);
    // Vintages stored before the flag was kept (in the series' own table, as 0037 made it) are
    // marked by the migration that adds it, and keep the mark when they move into the one table.
    await db.run(sql`create table market_value_revisions (series_id integer not null, period text not null, seen_at integer not null,
      value real not null, run_id integer, primary key (series_id, period, seen_at))`);
    await db.run(sql`insert into market_value_revisions select cast(figure as integer), period, seen_at, value, run_id
      from figure_revisions where dataset = 'market' and figure = ${String(id)}`);
    await db.run(sql`delete from figure_revisions where dataset = 'market' and figure = ${String(id)}`);
    expect(await marks()).toEqual([]);
    await runMigrationFile(database.client, migrationFile('_revisions_by_run.sql'));
    await runMigrationFile(database.client, migrationFile('_one_revisions_table.sql'));
    expect(await marks()).toEqual(expected);
  });

  it('the figure vintages migration makes every stored EIA state and grid figure its first vintage (seen at 0, no run); samples get none', async () => {
    const { db, client } = database;
    const hour = Date.parse('2026-11-20T15:00:00Z');
    await db.insert(generation).values([
      { period: '2026-08', location: 'CA', fuel: 'NG', value: 0.306, source: 'eia' },
      { period: '2026-08', location: 'TX', fuel: 'NG', value: 9, source: 'seed' },
    ]);
    await db.insert(retailPrices).values([
      { state: 'CA', sector: 'RES', period: '2026-08', price: 31.2 },
      { state: 'TX', sector: 'RES', period: '2026-08', price: 15, sample: true },
    ]);
    await db.insert(gridHourly).values([
      { respondent: 'TEX', period: new Date(hour), demand: 50_000, forecast: null, generation: 51_000, interchange: -20 },
      { respondent: 'CAL', period: new Date(hour), demand: 30_000, forecast: 30_500, generation: null, interchange: null, sample: true },
    ]);
    await db.insert(gridFuelHourly).values([{ respondent: 'TEX', period: new Date(hour), fuel: 'SUN', value: 7_000 }]);
    await db.run(sql`drop table figure_revisions`);
    await runMigrationFile(client, migrationFile('_figure_revisions.sql'));
    const vintages = await db.select().from(figureRevisions).orderBy(asc(figureRevisions.dataset), asc(figureRevisions.figure));
    const initial = { seenAt: new Date(0), runId: null, revised: false };
    expect(vintages).toEqual([
      { dataset: 'generation', figure: 'CA|NG', period: '2026-08', value: 0.306, ...initial },
      { dataset: 'grid', figure: 'TEX|demand', period: '2026-11-20T15', value: 50_000, ...initial },
      { dataset: 'grid', figure: 'TEX|generation', period: '2026-11-20T15', value: 51_000, ...initial },
      { dataset: 'grid', figure: 'TEX|interchange', period: '2026-11-20T15', value: -20, ...initial },
      { dataset: 'grid-fuel', figure: 'TEX|SUN', period: '2026-11-20T15', value: 7_000, ...initial },
      { dataset: 'retail', figure: 'CA|RES', period: '2026-08', value: 31.2, ...initial },
    ]);
  });
});

describe('the import run kinds migration', () => {
  const database = useMigratedDatabase('import-run-kinds');

  it('gives each set of grid vintages an import wrote before grid runs were kept a finished grid run of its instant; the EIA runs stay EIA runs', async () => {
    const { db, client } = database;
    const first = Date.parse('2026-11-20T15:20:00Z');
    const second = first + 3_600_000;
    const [eiaRun] = await db
      .insert(importRuns)
      .values({ startedAt: at('2026-11-20T14:00:00Z'), status: 'succeeded' })
      .returning({ id: importRuns.id });
    // The table as it was before: runs of one kind, grid vintages without a run.
    await client.execute('DROP INDEX import_runs_kind_started_idx');
    await client.execute('ALTER TABLE import_runs DROP COLUMN kind');
    await client.execute('CREATE INDEX import_runs_started_idx ON import_runs (started_at)');
    const vintage = (dataset: 'grid' | 'grid-fuel' | 'retail', figure: string, seenAt: number, runId: number | null = null) => ({
      dataset,
      figure,
      period: '2026-11-20T15',
      seenAt: new Date(seenAt),
      value: 1,
      runId,
    });
    await db
      .insert(figureRevisions)
      .values([
        vintage('grid', 'TEX|demand', 0),
        vintage('grid', 'TEX|demand', first),
        vintage('grid-fuel', 'TEX|SUN', first),
        vintage('grid', 'TEX|demand', second),
        vintage('retail', 'CA|RES', first, eiaRun?.id ?? null),
      ]);
    await runMigrationFile(client, migrationFile('_import_run_kinds.sql'));
    const runs = await db.select().from(importRuns).orderBy(asc(importRuns.startedAt));
    expect(runs.map(({ kind, startedAt, finishedAt, status, rows }) => ({ kind, startedAt, finishedAt, status, rows }))).toEqual([
      { kind: 'eia', startedAt: at('2026-11-20T14:00:00Z'), finishedAt: null, status: 'succeeded', rows: 0 },
      { kind: 'grid', startedAt: new Date(first), finishedAt: new Date(first), status: 'succeeded', rows: 2 },
      { kind: 'grid', startedAt: new Date(second), finishedAt: new Date(second), status: 'succeeded', rows: 1 },
    ]);
    const runOf = await db
      .select({ dataset: figureRevisions.dataset, seenAt: figureRevisions.seenAt, runId: figureRevisions.runId })
      .from(figureRevisions)
      .orderBy(asc(figureRevisions.seenAt), asc(figureRevisions.dataset));
    expect(runOf).toEqual([
      // Seen before vintages were kept: no run to name.
      { dataset: 'grid', seenAt: new Date(0), runId: null },
      { dataset: 'grid', seenAt: new Date(first), runId: runs[1]?.id },
      { dataset: 'grid-fuel', seenAt: new Date(first), runId: runs[1]?.id },
      { dataset: 'retail', seenAt: new Date(first), runId: eiaRun?.id },
      { dataset: 'grid', seenAt: new Date(second), runId: runs[2]?.id },
    ]);
  });
});

describe('recordFigureVintages', () => {
  const database = useMigratedDatabase('figure-vintages');

  it('writes a figure only when it differs from its period’s latest vintage: the first one, then each revision, marked so', async () => {
    const { db } = database;
    const seen = (iso: string) => ({ at: at(iso), runId: null });
    const figures = (value: number, other = 5) => [
      { figure: 'CA|RES', period: '2026-08', value },
      { figure: 'TX|RES', period: '2026-08', value: other },
    ];
    expect(await recordFigureVintages('retail', figures(30), seen('2026-10-01T15:00:00Z'), db)).toBe(2);
    expect(await recordFigureVintages('retail', figures(30), seen('2026-10-08T15:00:00Z'), db)).toBe(0);
    expect(await recordFigureVintages('retail', figures(31), seen('2026-10-15T15:00:00Z'), db)).toBe(1);
    // Back to the first figure is a revision too; the same figure in another dataset is another figure.
    expect(await recordFigureVintages('retail', figures(30), seen('2026-10-22T15:00:00Z'), db)).toBe(1);
    expect(await recordFigureVintages('generation', figures(30), seen('2026-10-22T15:00:00Z'), db)).toBe(2);
    const rows = await db
      .select({ figure: figureRevisions.figure, value: figureRevisions.value, revised: figureRevisions.revised })
      .from(figureRevisions)
      .where(sql`${figureRevisions.dataset} = 'retail'`)
      .orderBy(asc(figureRevisions.figure), asc(figureRevisions.seenAt));
    expect(rows.map((r) => `${r.figure} ${r.value} ${r.revised ? 'revised' : 'first'}`)).toEqual([
      'CA|RES 30 first',
      'CA|RES 31 revised',
      'CA|RES 30 revised',
      'TX|RES 5 first',
    ]);
    // Read back: the revised period says what it was; as first published and as known on a day.
    const revised = await listRevisedFigureVintages('retail', ['CA|RES', 'TX|RES'], {}, db);
    expect(revised.map((r) => [r.figure, r.value])).toEqual([
      ['CA|RES', 30],
      ['CA|RES', 31],
      ['CA|RES', 30],
    ]);
    expect((await listFigureVintages('retail', ['CA|RES'], {}, { first: true }, db)).map((r) => r.value)).toEqual([30]);
    expect((await listFigureVintages('retail', ['CA|RES'], {}, { before: at('2026-10-20T00:00:00Z') }, db)).map((r) => r.value)).toEqual([31]);
    expect(await listFigureVintages('retail', ['CA|RES'], {}, { before: at('2026-10-01T00:00:00Z') }, db)).toEqual([]);
  });
});
