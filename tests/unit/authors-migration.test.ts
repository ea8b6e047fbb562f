import { asc, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, authors, categories } from '@db/schema';
import { seedDatabase } from '@db/seed';
import { migrationFile, runMigrationFile, storyRow, useMigratedDatabase } from '../helpers/database.ts';

/** The custom migration that turns free-text authors into records (found by name: its number changes on merges). */
const backfill = migrationFile('_authors_backfill.sql');

describe('the authors backfill migration', () => {
  const database = useMigratedDatabase('authors');

  it('makes one author per distinct name, with a clean unique slug, and points every article at its author', async () => {
    expect(backfill).toBeDefined();
    const db = database.db;
    await db.insert(categories).values({ name: 'Coal', slug: 'coal' });
    const [coal] = await db.select().from(categories);
    // Articles as they were before authors were records: the name only.
    const names = ['Dana Whitfield', 'Dana Whitfield', "Seán O'Brien", 'Jo & Co.', 'dana whitfield', 'Rachel Kim'];
    await db.insert(articles).values(names.map((author, i) => ({ ...storyRow(i, coal!.id), author, publishedAt: new Date(2025, 0, i + 1) })));
    await db.insert(authors).values({ name: 'Rachel Kim', slug: 'rachel-kim' });
    await runMigrationFile(database.client, backfill);
    const rows = await db.select({ id: authors.id, name: authors.name, slug: authors.slug }).from(authors).orderBy(asc(authors.name));
    expect(rows.map((r) => [r.name, r.slug])).toEqual([
      ['Dana Whitfield', expect.stringMatching(/^author-\d+$/) as unknown],
      ['Jo & Co.', 'jo-and-co'],
      ['Rachel Kim', 'rachel-kim'],
      ["Seán O'Brien", expect.stringMatching(/^author-\d+$/) as unknown],
      ['dana whitfield', expect.stringMatching(/^author-\d+$/) as unknown],
    ]);
    // Two names that give the same slug: neither takes it, both stay unique.
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    expect(await db.select().from(articles).where(isNull(articles.authorId))).toEqual([]);
    const byId = new Map(rows.map((r) => [r.id, r.name]));
    for (const a of await db.select({ author: articles.author, authorId: articles.authorId }).from(articles)) {
      expect(byId.get(a.authorId ?? 0)).toBe(a.author);
    }
  });

  it('gives the six known topics a description and seeds authors for every seed article', async () => {
    const db = database.db;
    await db.delete(articles);
    await db.delete(authors);
    await db.delete(categories);
    await seedDatabase(db);
    const cats = await db.select().from(categories);
    expect(cats.every((c) => c.description.length > 20)).toBe(true);
    expect(await db.select().from(articles).where(isNull(articles.authorId))).toEqual([]);
    expect((await db.select().from(authors)).every((a) => a.title !== '' && a.bio !== '')).toBe(true);
  });
});
