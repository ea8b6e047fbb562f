// Every read of the state and grid figures' vintages (figure_revisions) at the scale seed's size
// and statistics: ten years of daily EIA runs (the states' monthly figures, one in six revised)
// and a month of hourly grid runs (every region's figures and fuels, one hour in 20 revised), as
// `npm run db:seed:scale` grows them. Each statement is one range of an index: no table scan, no
// temporary b-tree, however many vintages the years add.
import { describe, expect, it } from 'vitest';
import { GRID_HOUR_FIGURES } from '@db/catalog/figures';
import { GRID_FUEL_CODES } from '@db/catalog/grid';
import { seedDatabase } from '@db/seed';
import {
  listFigureVintages,
  listRevisedFigures,
  listRevisedFigureVintages,
  listVintagesOfRun,
  pruneFigureVintagesBefore,
  recordFigureVintages,
  type RunVintageCursor,
} from '@/server/queries/figure-revisions';
import { revisionsByPeriod } from '@/lib/value-revisions';
import { useMigratedDatabase } from '../helpers/database.ts';
import { grownPlanRecorder } from '../helpers/grown-plans.ts';
import { planShapes } from '../helpers/query-plans.ts';

const DAYS = 3_650;
const GRID_DAYS = 30;
const NO_SCAN = /\bSCAN (?!CONSTANT)|TEMP B-TREE/;

describe(`state and grid vintages after ${DAYS} days of daily runs and ${GRID_DAYS} days of hourly grid runs`, () => {
  const database = useMigratedDatabase('figure-revisions-scale', async (db) => {
    await seedDatabase(db);
  });
  // The scale seed's statistics too (ANALYZE after growing), as a grown site's hourly upkeep leaves them.
  const recorder = grownPlanRecorder(database, { articles: 0, comments: 0, vintageDays: DAYS, gridVintageDays: GRID_DAYS });
  const count = async (sql: string, args: (string | number)[] = []) => Number((await database.client.execute({ sql, args })).rows[0]?.['n']);
  // A state page's figures (California's generation and prices) and a grid page's (Texas' hours and fuels).
  const state = ['ALL', 'COW', 'NG', 'NUC', 'HYC', 'WND', 'SUN'].map((fuel) => `CA|${fuel}`);
  const prices = ['RES', 'COM', 'IND', 'ALL'].flatMap((sector) => [`CA|${sector}`, `US|${sector}`]);
  const region = GRID_HOUR_FIGURES.map((name) => `TEX|${name}`);
  const fuels = GRID_FUEL_CODES.map((fuel) => `TEX|${fuel}`);
  /** The grid page's week of hours, as of now (the grown vintages are dated from now). */
  const recentHours = () => ({
    lastDay: new Date(Date.now() - 86_400_000).toISOString().slice(0, 13),
    weekAgo: new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 13),
  });

  it('answers what one run saw, for the daily run’s state figures and the hourly grid run’s, a page at a time from the run index', async () => {
    const { db, plans } = await recorder();
    for (const kind of ['eia', 'grid'] as const) {
      // The run that saw the most.
      const runId = await count(
        `SELECT v.run_id AS n FROM figure_revisions v JOIN import_runs r ON r.id = v.run_id WHERE r.kind = ? GROUP BY v.run_id ORDER BY count(*) DESC LIMIT 1`,
        [kind],
      );
      const expected = await database.client.execute({
        sql: 'SELECT dataset, figure, period, value, revised FROM figure_revisions WHERE run_id = ? ORDER BY dataset, figure, period',
        args: [runId],
      });
      expect(expected.rows.length, kind).toBeGreaterThan(kind === 'grid' ? 200 : 50);
      const seen: string[] = [];
      let after: RunVintageCursor | undefined;
      plans.length = 0;
      for (;;) {
        const page = await listVintagesOfRun(runId, { limit: 100, after }, db);
        seen.push(...page.map((v) => `${v.dataset} ${v.figure} ${v.period} ${v.value} ${v.revised}`));
        // A revision says what it replaced; a first figure replaced nothing.
        for (const v of page) expect(v.previousValue === null, `${v.figure} ${v.period}`).toBe(!v.revised);
        const last = page.at(-1);
        if (page.length < 100 || !last) break;
        after = { dataset: last.dataset, figure: last.figure, period: last.period };
      }
      expect(seen).toEqual(
        expected.rows.map(
          (r) => `${r['dataset'] as string} ${r['figure'] as string} ${r['period'] as string} ${Number(r['value'])} ${r['revised'] === 1}`,
        ),
      );
      for (const { plan } of plans) {
        expect(plan[0]).toMatch(
          /^SEARCH v USING (?:COVERING )?INDEX figure_revisions_run_idx \(run_id=\?(?: AND \(dataset,figure,period\)>\(\?,\?,\?\))?\)$/,
        );
        expect(plan.join(' | ')).not.toMatch(NO_SCAN);
      }
      expect(plans.slice(1).every(({ plan }) => plan[0]?.includes('(dataset,figure,period)>(?,?,?)'))).toBe(true);
      // Only its revisions: the same range.
      plans.length = 0;
      const revisions = await listVintagesOfRun(runId, { limit: 10_000, revised: true }, db);
      expect(revisions.length).toBe(expected.rows.filter((r) => r['revised'] === 1).length);
      expect(plans[0]?.plan[0]).toMatch(/^SEARCH v USING (?:COVERING )?INDEX figure_revisions_run_idx \(run_id=\?\)$/);
    }
  }, 180_000);

  it('reads a state’s and a region’s revised figures, as first published and as known at a time, each one range of the key per figure', async () => {
    const { db, plans } = await recorder();
    const { weekAgo, lastDay } = recentHours();

    const revisedState = await listRevisedFigureVintages('generation', state, { start: '2020-01' }, db);
    await listRevisedFigureVintages('retail', prices, {}, db);
    const revisedGrid = await listRevisedFigureVintages('grid', region, { start: weekAgo, end: lastDay }, db);
    await listRevisedFigureVintages('grid-fuel', fuels, { start: weekAgo, end: lastDay }, db);
    expect(revisedState.length).toBeGreaterThan(0);
    expect(revisedGrid.length).toBeGreaterThan(0);
    const firstState = await listFigureVintages('generation', state, {}, { first: true }, db);
    await listFigureVintages('retail', prices, { start: '2019-01', end: '2024-12' }, { before: new Date(Date.now() - 400 * 86_400_000) }, db);
    const firstGrid = await listFigureVintages('grid', region, { start: weekAgo, end: lastDay }, { first: true }, db);
    await listFigureVintages('grid-fuel', fuels, { start: weekAgo, end: lastDay }, { before: new Date(Date.now() - 3 * 86_400_000) }, db);
    expect(firstState.length).toBe(
      await count(`SELECT count(DISTINCT figure || period) AS n FROM figure_revisions WHERE dataset = 'generation' AND figure LIKE 'CA|%'`),
    );
    expect(firstGrid.length).toBeGreaterThan(0);

    expect(plans).toHaveLength(8);
    for (const { sql, plan } of plans) {
      // Only the key: the figures, then the period range within each.
      expect(
        plan
          .filter((line) => /figure_revisions/.test(line))
          .every((line) => /USING (?:COVERING )?(?:INDEX \S+|PRIMARY KEY) \(dataset=\? AND figure=\?/.test(line)),
        `${plan.join(' | ')} in ${sql}`,
      ).toBe(true);
      expect(plan.join(' | '), sql).not.toMatch(NO_SCAN);
    }
  }, 180_000);

  it('reads every revised figure of a state page and of a grid page in one statement from the revisions’ index, as the vintages say them', async () => {
    const { db, plans } = await recorder();
    const { weekAgo, lastDay } = recentHours();
    const pages = [
      {
        groups: [
          { dataset: 'retail' as const, figures: prices },
          { dataset: 'generation' as const, figures: state },
        ],
        range: { start: '2020-01' },
      },
      {
        groups: [
          { dataset: 'grid' as const, figures: region },
          { dataset: 'grid-fuel' as const, figures: fuels },
        ],
        range: { start: weekAgo, end: lastDay },
      },
    ];
    for (const { groups, range } of pages) {
      plans.length = 0;
      const rows = await listRevisedFigures(groups, range, db);
      // One statement for the page.
      expect(plans).toHaveLength(1);
      const plan = plans[0]?.plan.join(' | ') ?? '';
      // No table scanned, nothing sorted: only the compound subquery's rows are walked (SCAN g, its co-routine).
      expect(plans[0]?.plan.filter((line) => line !== 'SCAN g').join(' | ')).not.toMatch(NO_SCAN);
      expect(plan).toMatch(/^CO-ROUTINE g \| COMPOUND QUERY/);
      // The revised periods from the partial index, one range per figure of each dataset; the key for the first and the replaced figure.
      expect(plan.match(/SEARCH figure_revisions USING (?:COVERING )?INDEX figure_revisions_revised_idx \(dataset=\? AND figure=\?/g)).toHaveLength(
        2,
      );
      expect(plan).toMatch(/SEARCH f USING (?:INDEX \S+|PRIMARY KEY) \(dataset=\? AND figure=\? AND period=\?\)/);
      expect(plan).toMatch(/SEARCH p USING (?:INDEX \S+|PRIMARY KEY) \(dataset=\? AND figure=\? AND period=\? AND seen_at<\?\)/);
      // The same revisions as every vintage of the revised periods says them.
      expect(rows.length).toBeGreaterThan(0);
      const expected: string[] = [];
      for (const { dataset, figures } of groups) {
        const vintages = await listRevisedFigureVintages(dataset, figures, range, db);
        for (const figure of figures)
          for (const [period, r] of revisionsByPeriod(vintages.filter((v) => v.figure === figure)))
            expected.push(`${dataset} ${figure} ${period} ${r.firstValue} ${r.previousValue} ${r.revisedAt} ${r.revisions}`);
      }
      expect(
        rows
          .map((r) => `${r.dataset} ${r.figure} ${r.period} ${r.firstValue} ${r.previousValue} ${new Date(r.revisedAt).toISOString()} ${r.revisions}`)
          .sort(),
      ).toEqual(expected.sort());
    }
  }, 180_000);

  it('reads a series’ vintages for its page, its downloads, the stories citing it and the release desk, each from the key', async () => {
    const { db, plans } = await recorder();
    const market = await import('@/server/queries/market');
    const citations = await import('@/server/queries/citations');
    const briefs = await import('@/server/queries/release-briefs');
    const id = await count(`SELECT id AS n FROM market_series WHERE slug = 'wti'`);
    const period = (
      await database.client.execute({
        sql: `SELECT period FROM figure_revisions WHERE dataset = 'market' AND figure = ? AND revised = 1 LIMIT 1`,
        args: [String(id)],
      })
    ).rows[0]?.['period'] as string;
    expect(await market.getLatestValueRevision(id, period, db)).toMatchObject({ seriesId: id, period, revised: true });
    expect(await market.listValueRevisionsAfter(id, period, new Date(0), db)).not.toEqual([]);
    expect(await market.listObservationVintages(id, { start: '2020-01-01' }, { before: new Date() }, 10_001, db)).not.toEqual([]);
    expect(await market.listObservationVintages(id, {}, { first: true }, 10_001, db)).toHaveLength(DAYS);
    expect(await market.listRevisedVintages(id, { start: '2020-01-01' }, db)).not.toEqual([]);
    expect(await briefs.vintageBefore(id, period, new Date(), db)).toEqual(expect.any(Number));
    expect(await citations.getFigureState({ series: 'wti', period }, db)).toMatchObject({ slug: 'wti' });
    expect(await citations.isFigureOfSeries({ series: 'wti', period }, -1, db)).toBe(false);
    expect(plans).toHaveLength(8);
    for (const { sql, plan } of plans) {
      // Every line on the vintages is a range of the key (or an index starting with it) for the series.
      const lines = plan.filter(
        (line) => / (figure_revisions|v|x|p) /.test(line) && !/ USING (?:COVERING )?INDEX \S*observations|market_series/.test(line),
      );
      expect(lines.length, sql).toBeGreaterThan(0);
      for (const line of lines) expect(line, sql).toMatch(/^SEARCH \w+ USING (?:COVERING )?(?:INDEX \S+|PRIMARY KEY) \(dataset=\? AND figure=\?/);
      expect(plan.join(' | '), sql).not.toMatch(NO_SCAN);
    }
  }, 60_000);

  it('tells the release desk whether series gained a figure since a time from the vintages since it only, not every vintage of each series', async () => {
    const { db, plans } = await recorder();
    const briefs = await import('@/server/queries/release-briefs');
    const ids = (await database.client.execute(`SELECT id FROM market_series ORDER BY id LIMIT 4`)).rows.map((r) => Number(r['id']));
    const newest = await count(`SELECT max(seen_at) AS n FROM figure_revisions WHERE dataset = 'market'`);
    expect(await count(`SELECT count(*) AS n FROM figure_revisions WHERE dataset = 'market' AND figure = ?`, [String(ids[0])])).toBeGreaterThan(DAYS);
    expect(await briefs.seriesUpdatedSince(ids, new Date(newest - 3 * 86_400_000), db)).toBe(true);
    expect(await briefs.seriesUpdatedSince(ids, new Date(newest + 1), db)).toBe(false);
    expect(await briefs.seriesUpdatedSince([], new Date(0), db)).toBe(false);
    expect(plans).toHaveLength(2);
    // Each series' vintages seen since the time: a range of an index by series and time (none
    // read when nothing came since), not the series' every period read to test each one's time.
    for (const { sql, plan } of plans) {
      expect(plan.join(' | '), sql).toMatch(/^SEARCH figure_revisions USING COVERING INDEX \S+ \((?:dataset=\? AND )?figure=\? AND seen_at>\?\)$/);
    }
  }, 60_000);

  it('records an import’s vintages and prunes the grid’s old hours by key lookups', async () => {
    const { db, plans } = await recorder();
    const hour = new Date(Date.now() - 2 * 3_600_000).toISOString().slice(0, 13);
    const written = await recordFigureVintages('grid', [{ figure: 'TEX|demand', period: hour, value: -1 }], { at: new Date(), runId: null }, db);
    expect(written).toBe(1);
    const before = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 13);
    const gone = await pruneFigureVintagesBefore('grid', region, before, db);
    expect(gone).toBeGreaterThan(0);
    expect(plans).toHaveLength(2);
    // The latest vintage of each figure sent: the key read backwards for its period, once per figure
    // (the figures sent are the only rows scanned); the pruned hours: a range of the key per figure.
    expect(planShapes(plans)).toEqual([
      'MATERIALIZE sent | CO-ROUTINE v | SCAN CONSTANT ROW | SCAN v | CORRELATED SCALAR SUBQUERY 1 | SEARCH p USING INDEX (dataset=? AND figure=? AND period=?) | SCAN sent',
      'SEARCH figure_revisions USING INDEX (dataset=? AND figure=? AND period<?)',
    ]);
  }, 60_000);
});
