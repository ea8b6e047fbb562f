import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, categories, corrections } from '@db/schema';
import { migrationFile, runMigrationFile, storyRow, useMigratedDatabase } from '../helpers/database.ts';

/** The migrations that move the one-field correction into dated corrections. */
const backfill = migrationFile('_corrections_backfill.sql');
const drop = migrationFile('_drop_article_correction.sql');

describe('the corrections migrations', () => {
  const database = useMigratedDatabase('corrections');

  it('make each article’s one-field correction its first dated correction, dated by its last save, then drop the field', async () => {
    const { db, client } = database;
    // The articles table as it was before: with its one-field correction.
    await client.execute("ALTER TABLE `articles` ADD `correction` text DEFAULT '' NOT NULL");
    await db.insert(categories).values({ name: 'Utilities', slug: 'utilities' });
    const [category] = await db.select().from(categories);
    const savedAt = (day: number) => new Date(Date.UTC(2026, 10, day, 15));
    const notes = ['  The margin is 12 percent, not 21.  ', '', '   ', 'The plant is in Harris County.\nNot Fort Bend.'];
    await db
      .insert(articles)
      .values(notes.map((_, i) => ({ ...storyRow(i, category!.id), author: 'Desk', publishedAt: savedAt(1), updatedAt: savedAt(i + 10) })));
    for (const [i, note] of notes.entries()) await db.run(sql`update articles set correction = ${note} where slug = ${`story-${i}`}`);

    await runMigrationFile(client, backfill);
    const moved = await db.select().from(corrections).orderBy(asc(corrections.articleId));
    const ids = new Map((await db.select({ id: articles.id, slug: articles.slug }).from(articles)).map((a) => [a.slug, a.id]));
    expect(moved.map(({ articleId, text, createdAt, createdBy }) => ({ articleId, text, createdAt, createdBy }))).toEqual([
      { articleId: ids.get('story-0'), text: 'The margin is 12 percent, not 21.', createdAt: savedAt(10), createdBy: null },
      { articleId: ids.get('story-3'), text: 'The plant is in Harris County.\nNot Fort Bend.', createdAt: savedAt(13), createdBy: null },
    ]);

    // The field goes; the full-text index's triggers keep working on the table without it.
    await runMigrationFile(client, drop);
    const columns = await db.all<{ name: string }>(sql`select name from pragma_table_info('articles')`);
    expect(columns.map((c) => c.name)).not.toContain('correction');
    await db.run(sql`update articles set title = 'Story renamed' where slug = 'story-0'`);
    expect(await db.all(sql`select rowid from articles_fts where articles_fts match 'renamed'`)).toHaveLength(1);
  });
});
