import { describe, expect, it } from 'vitest';
import { seedDatabase } from '@db/seed';
import { listRevisionsOfRun, listValueRevisions, type RevisionCursor } from '@/server/queries/market';
import { useMigratedDatabase } from '../helpers/database.ts';
import { grownPlanRecorder } from '../helpers/grown-plans.ts';
import { planShapes } from '../helpers/query-plans.ts';

/** Ten years of daily imports: every series' daily vintages, one period in 20 revised, one in 60 twice. */
const DAYS = 3_650;

describe(`a series' revisions after ${DAYS} days of imports (the scale seed's vintages)`, () => {
  const database = useMigratedDatabase('revisions-scale', async (db) => {
    await seedDatabase(db);
  });
  const recorder = grownPlanRecorder(database, { articles: 0, comments: 0, vintageDays: DAYS, analyze: false });
  const seriesId = async () => Number((await database.client.execute("SELECT id FROM market_series WHERE slug = 'wti'")).rows[0]?.['id']);

  it('pages them newest first by cursor, each page a range of the revisions’ index: no offset walked, no count, no sort', async () => {
    const { db, plans } = await recorder();
    const id = await seriesId();
    const all = await database.client.execute({
      sql: `SELECT period, seen_at FROM figure_revisions WHERE dataset = 'market' AND figure = ? AND revised = 1 ORDER BY period DESC, seen_at DESC`,
      args: [String(id)],
    });
    expect(all.rows.length).toBe(Math.ceil(DAYS / 20) + Math.ceil(DAYS / 60));
    const seen: string[] = [];
    let after: RevisionCursor | undefined;
    for (;;) {
      const page = await listValueRevisions(id, { limit: 50, after }, db);
      seen.push(...page.map((r) => `${r.period}@${r.seenAt}`));
      // Each with the figure it replaced.
      for (const r of page) expect(r.value - r.previousValue).toBeCloseTo(1, 9);
      const last = page.at(-1);
      if (page.length < 50 || !last) break;
      after = { period: last.period, seenAt: last.seenAt };
    }
    expect(seen).toEqual(all.rows.map((r) => `${r['period'] as string}@${Number(r['seen_at'])}`));
    expect(plans.length).toBe(Math.ceil(all.rows.length / 50));
    // Every page, the first and the deepest, reads the partial index from its cursor down; the figure replaced is one lookup of the key.
    for (const { plan } of plans) {
      expect(plan[0]).toMatch(
        /^SEARCH v USING INDEX figure_revisions_revised_idx \(dataset=\? AND figure=\?(?: AND \(period,seen_at\)<\(\?,\?\))?\)$/,
      );
      expect(plan.join(' | ')).not.toMatch(/SCAN|TEMP B-TREE/);
    }
    // Pages after the first start at their cursor in the index.
    expect(plans.slice(1).every(({ plan }) => plan[0]?.includes('(period,seen_at)<(?,?)'))).toBe(true);
    expect(plans.some((p) => /\boffset\b|count\(/i.test(p.sql))).toBe(false);
  }, 120_000);

  it('answers what one import run saw, through the run index', async () => {
    const { db, plans } = await recorder();
    const run = await database.client.execute(
      `SELECT run_id FROM figure_revisions WHERE dataset = 'market' AND revised = 1 AND run_id IS NOT NULL GROUP BY run_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const runId = Number(run.rows[0]?.['run_id']);
    const revisions = await listRevisionsOfRun(runId, db);
    const expected = await database.client.execute({
      sql: `SELECT figure, period FROM figure_revisions WHERE run_id = ? AND dataset = 'market' AND revised = 1 ORDER BY figure, period`,
      args: [runId],
    });
    expect(revisions.map((r) => `${r.seriesId}|${r.period}`)).toEqual(expected.rows.map((r) => `${Number(r['figure'])}|${r['period'] as string}`));
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions.every((r) => r.runId === runId && r.previousValue !== null)).toBe(true);
    expect(plans[0]?.plan[0]).toMatch(/^SEARCH v USING INDEX figure_revisions_run_idx \(run_id=\? AND dataset=\?\)$/);
    expect(planShapes(plans)[0]).not.toMatch(/SCAN|TEMP B-TREE/);
  });

  it('keeps a deep page on the index once the planner has the tables’ statistics', async () => {
    const { db, plans } = await recorder();
    await database.client.execute('ANALYZE');
    const id = await seriesId();
    await listValueRevisions(id, { limit: 100, after: { period: '2018-01-01', seenAt: Date.parse('2018-01-09T15:00:00Z') } }, db);
    expect(plans[0]?.plan[0]).toMatch(
      /^SEARCH v USING INDEX figure_revisions_revised_idx \(dataset=\? AND figure=\? AND \(period,seen_at\)<\(\?,\?\)\)$/,
    );
  });
});
