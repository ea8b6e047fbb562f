import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { articles, authors } from '@db/schema';
import type { Author } from '@/lib/wire/articles';
import { db, type Executor } from '@/server/db';
import { asWire } from '@/server/queries/rows';
import { countRows, deleteWhere } from '@/server/queries/pages';

type AuthorRow = typeof authors.$inferSelect;
export type AuthorValues = typeof authors.$inferInsert;

/** An author's answer is the whole row (`Author`), instants as ISO strings. */
const toAuthor = (row: AuthorRow): Author => asWire(row);

/** Authors whose name contains the text (any case); all without one. A newsroom has tens of authors, not thousands. */
function nameMatches(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${authors.name}) like ${pattern} escape '\\'`;
}

/** A page of the authors by name (the unique name index keeps the order). */
export async function listAuthors(limit: number, offset: number, q?: string, tx: Executor = db): Promise<Author[]> {
  const rows = await tx.select().from(authors).where(nameMatches(q)).orderBy(asc(authors.name)).limit(limit).offset(offset);
  return rows.map(toAuthor);
}

export async function countAuthors(q?: string, tx: Executor = db): Promise<number> {
  return countRows(tx, authors, nameMatches(q));
}

export async function getAuthorById(id: number, tx: Executor = db): Promise<Author | undefined> {
  const [row] = await tx.select().from(authors).where(eq(authors.id, id));
  return row ? toAuthor(row) : undefined;
}

export async function getAuthorBySlug(slug: string, tx: Executor = db): Promise<Author | undefined> {
  const [row] = await tx.select().from(authors).where(eq(authors.slug, slug));
  return row ? toAuthor(row) : undefined;
}

export async function getAuthorByName(name: string, tx: Executor = db): Promise<Author | undefined> {
  const [row] = await tx.select().from(authors).where(eq(authors.name, name));
  return row ? toAuthor(row) : undefined;
}

/** Stores a new author; answers it. */
export async function insertAuthor(values: AuthorValues, tx: Executor = db): Promise<Author> {
  const [row] = await tx.insert(authors).values(values).returning();
  if (!row) throw new Error('The author was not stored.');
  return toAuthor(row);
}

/** Changes an author's fields; undefined when there is no such author. */
export async function updateAuthorById(id: number, changes: Partial<AuthorValues>, tx: Executor = db): Promise<Author | undefined> {
  const [row] = await tx.update(authors).set(changes).where(eq(authors.id, id)).returning();
  return row ? toAuthor(row) : undefined;
}

/** Deletes an author; false when there was none. */
export async function deleteAuthorById(id: number, tx: Executor = db): Promise<boolean> {
  return deleteWhere(tx, authors, eq(authors.id, id));
}

/**
 * How many articles (any status) name the author: read from the status/author index, one
 * range per status.
 */
export async function countArticlesOfAuthor(id: number, tx: Executor = db): Promise<number> {
  const counts = await Promise.all(
    (['draft', 'published'] as const).map((status) => countRows(tx, articles, and(eq(articles.status, status), eq(articles.authorId, id)))),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Writes the author's (new) name into the `author` text of each of their articles. */
export async function renameAuthorInArticles(id: number, name: string, tx: Executor = db): Promise<void> {
  for (const status of ['draft', 'published'] as const) {
    await tx
      .update(articles)
      .set({ author: name })
      .where(and(eq(articles.status, status), eq(articles.authorId, id)));
  }
}
