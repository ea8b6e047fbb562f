import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client';
import { analyzeNewIndexes, migrateDatabase } from '@db/migrate';
import { articles, categories, energyMix, marketObservations, marketSeries, analyticsContent } from '@db/schema';
import { seedDatabase } from '@db/seed';

describe('migrations and seed', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'energy-seed-'));
    database = await openDatabase({ url: `file:${join(dir, 'seed.db')}` });
    await migrateDatabase(database.db);
    await seedDatabase(database.db);
  });

  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counts = async () => {
    const db = database.db;
    const one = async (
      table: Parameters<typeof db.select>[0] extends never
        ? never
        : typeof articles | typeof categories | typeof marketSeries | typeof marketObservations | typeof energyMix | typeof analyticsContent,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    return {
      categories: await one(categories),
      articles: await one(articles),
      series: await one(marketSeries),
      observations: await one(marketObservations),
      mix: await one(energyMix),
      analytics: await one(analyticsContent),
    };
  };

  it('fills a real publication: six categories, 30+ articles over months, market history, the mix and analytics of each type', async () => {
    const c = await counts();
    expect(c.categories).toBe(6);
    expect(c.articles).toBeGreaterThanOrEqual(30);
    expect(c.series).toBeGreaterThanOrEqual(5);
    expect(c.observations).toBeGreaterThan(1000);
    expect(c.mix).toBe(4);
    const types = new Set((await database.db.select({ type: analyticsContent.type }).from(analyticsContent)).map((r) => r.type));
    expect([...types].sort()).toEqual(['chart', 'dashboard', 'insight', 'report']);
    const dates = (await database.db.select({ at: articles.publishedAt }).from(articles)).map((r) => r.at.getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(90 * 86_400_000);
    const bodies = await database.db.select({ content: articles.content, image: articles.imageUrl }).from(articles);
    for (const b of bodies) {
      expect(b.content.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(b.image).toMatch(/^\/images\//);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    await seedDatabase(database.db);
    await migrateDatabase(database.db);
    expect(await counts()).toEqual(before);
  });

  it('indexes article text for full-text search', async () => {
    const result = await database.client.execute("SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH 'transformer*'");
    expect(Number(result.rows[0]?.['n'])).toBeGreaterThan(0);
  });

  it('analyzes an index added after the tables were analyzed, so the planner never misjudges its table', async () => {
    const client = database.client;
    await client.execute('ANALYZE');
    await client.execute("DELETE FROM sqlite_stat1 WHERE idx = 'articles_status_author_idx'");
    await client.execute('CREATE INDEX zz_never_analyzed ON articles (excerpt)');
    expect((await analyzeNewIndexes(database.db)).sort()).toEqual(['articles_status_author_idx', 'zz_never_analyzed']);
    const stats = await client.execute("SELECT idx FROM sqlite_stat1 WHERE idx IN ('articles_status_author_idx', 'zz_never_analyzed')");
    expect(stats.rows).toHaveLength(2);
    // Nothing left to do: the next start analyzes nothing.
    expect(await analyzeNewIndexes(database.db)).toEqual([]);
    await client.execute('DROP INDEX zz_never_analyzed');
  });
});
