import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { and, asc, eq, lte } from 'drizzle-orm';
import { openDatabase, type Database, type LibSqlDb } from '@db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '@db/migrate';
import { articles } from '@db/schema';
import { useDuringSuite } from './suite.ts';

/**
 * A database file of the suite's own, in a fresh temporary folder: migrated before its tests
 * (hooks registered after this call run after the migration) and removed after them (after the
 * suite's own `afterAll`s, which close what they opened on it). Answers its `file:` URL.
 */
export function useDatabaseFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `energy-${name}-`));
  const url = `file:${join(dir, `${name}.db`)}`;
  beforeAll(async () => {
    const setup = await openDatabase({ url });
    await migrateDatabase(setup.db);
    setup.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return url;
}

/**
 * The site's own database (`src/server/db.ts`, as a web process has it) on a file of the
 * suite's own: DATABASE_URL names it from this call on, so server modules the suite imports
 * afterwards use it; migrated before the tests, closed and removed after them, and DATABASE_URL
 * put back. Answers its URL (for a second handle, as another web process would hold).
 */
export function useServerDatabase(name: string): string {
  const url = useDatabaseFile(name);
  const previous = process.env['DATABASE_URL'];
  process.env['DATABASE_URL'] = url;
  afterAll(async () => {
    const { closeDatabase } = await import('@/server/db');
    await closeDatabase();
    if (previous === undefined) delete process.env['DATABASE_URL'];
    else process.env['DATABASE_URL'] = previous;
  });
  return url;
}

/** A migrated database on a file of the suite's own, open for its tests (after `prepare`, e.g. the seed): see `useDuringSuite`. */
export function useMigratedDatabase(name: string, prepare: (db: LibSqlDb) => Promise<void> = async () => {}): Database {
  let dir = '';
  return useDuringSuite(
    async () => {
      dir = mkdtempSync(join(tmpdir(), `energy-${name}-`));
      const database = await openDatabase({ url: `file:${join(dir, `${name}.db`)}` });
      await migrateDatabase(database.db);
      await prepare(database.db);
      return database;
    },
    (database) => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  );
}

/** A custom migration's file, found by the end of its name (its number changes on merges). */
export function migrationFile(suffix: string): string | undefined {
  return readdirSync(MIGRATIONS_FOLDER).find((name) => name.endsWith(suffix));
}

/** Runs a migration file's statements on the database (the file must exist). */
export async function runMigrationFile(client: { execute: (statement: string) => Promise<unknown> }, file: string | undefined): Promise<void> {
  expect(file).toBeDefined();
  for (const statement of readFileSync(join(MIGRATIONS_FOLDER, file ?? ''), 'utf8').split('--> statement-breakpoint')) {
    await client.execute(statement);
  }
}

/** The fields every article row needs, for migration tests: `story-{i}` in the category. */
export function storyRow(i: number, categoryId: number) {
  return { slug: `story-${i}`, title: `Story ${i}`, excerpt: 'x', content: '<p>x</p>', categoryId };
}

/** The stories readers can open now (published, due), oldest first: their ids and slugs. */
export function publicStories(database: Database): Promise<{ id: number; slug: string }[]> {
  return database.db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, new Date())))
    .orderBy(asc(articles.id));
}
