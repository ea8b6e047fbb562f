import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client';
import { RELATED_KEPT, RELATED_PASS_CURSOR } from '@db/constants';
import { migrateDatabase } from '@db/migrate';
import { seedDatabase } from '@db/seed';
import { growDatabase } from '@db/seed/scale';

// The scale seed with `related`: the grown archive as a live site settles, every article's
// related stories stored and the background pass done (the benchmarks' large database).
describe('the scale seed with related stories', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scale-seed-'));
  const path = join(dir, 'scale.db');
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: `file:${path}` });
    await migrateDatabase(database.db);
    await seedDatabase(database.db);
    growDatabase({ path, articles: 400, comments: 0, related: true, analyze: false });
  }, 120_000);
  afterAll(() => {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const rows = async (sql: string, args: (string | number)[] = []) => (await database.client.execute({ sql, args })).rows;

  it("stores each added article's related stories: the earlier copies of the same story, newest first", async () => {
    const grown = await rows('SELECT id, content, category_id FROM articles WHERE id > 300 ORDER BY id LIMIT 1');
    const article = grown[0]!;
    const related = await rows(
      'SELECT a.id, a.content, a.category_id FROM related_articles r JOIN articles a ON a.id = r.related_id WHERE r.article_id = ? ORDER BY r.position',
      [Number(article['id'])],
    );
    expect(related).toHaveLength(RELATED_KEPT);
    // A copy has its story's text (its title and address name a region and an angle) and a figure of its own.
    const storyOf = (content: unknown) =>
      String(content).replace(/<p>The benchmark stood at <data-figure [^>]*><\/data-figure> the day before\.<\/p>$/, '');
    expect(storyOf(article['content'])).not.toBe(article['content']);
    for (const r of related) {
      expect(storyOf(r['content'])).toBe(storyOf(article['content']));
      expect(r['category_id']).toBe(article['category_id']);
    }
    const ids = related.map((r) => Number(r['id']));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.every((id) => id < Number(article['id']))).toBe(true);
    // Every grown article has a list; the seeded ones keep theirs to the start's pass.
    expect((await rows('SELECT count(DISTINCT article_id) AS n FROM related_articles WHERE article_id > 30'))[0]?.['n']).toBe(370);
  });

  it('marks the background pass done, so it relates nothing more', async () => {
    const [cursor] = await rows('SELECT value FROM site_state WHERE key = ?', [RELATED_PASS_CURSOR]);
    expect(Number(cursor?.['value'])).toBe(400);
  });

  it('changes nothing when run again', async () => {
    const before = (await rows('SELECT count(*) AS n FROM related_articles'))[0]?.['n'];
    growDatabase({ path, articles: 400, comments: 0, related: true, analyze: false });
    expect((await rows('SELECT count(*) AS n FROM related_articles'))[0]?.['n']).toBe(before);
  });
});
