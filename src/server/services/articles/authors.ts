import { isAuthorOfStaff } from '@/server/queries/staff';
import type { AdminPage } from '@/lib/wire/common';
import type { Author } from '@/lib/wire/articles';
import type { AuthorCreate, AuthorUpdate } from '@/lib/validation/author';
import { ADMIN_PAGE_SIZE, type AdminAuthorListQuery } from '@/lib/validation/admin-lists';
import { adminOffsetOf, adminPage } from '@/server/admin-lists';
import { ConflictError, NotFoundError, messages } from '@/server/errors';
import {
  countArticlesOfAuthor,
  countAuthors,
  deleteAuthorById,
  getAuthorById,
  getAuthorByName,
  getAuthorBySlug,
  insertAuthor,
  listAuthors,
  renameAuthorInArticles,
  updateAuthorById,
} from '@/server/queries/authors';
import { contentChanged } from '@/server/content-changes';

/** SQLite's unique-constraint errors on the authors' slug or name, for the race between check and write. */
function uniqueViolationOf(error: unknown): 'slug' | 'name' | undefined {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const text = `${error instanceof Error ? error.message : ''} ${cause instanceof Error ? cause.message : ''}`;
  const match = /UNIQUE constraint failed: authors\.(slug|name)/.exec(text);
  return match?.[1] as 'slug' | 'name' | undefined;
}

const conflict = (field: 'slug' | 'name') => new ConflictError(field === 'slug' ? messages.authorSlugTaken : messages.authorNameTaken, field);

async function assertFree(input: { slug?: string | undefined; name?: string | undefined }, exceptId?: number): Promise<void> {
  if (input.slug !== undefined) {
    const owner = await getAuthorBySlug(input.slug);
    if (owner && owner.id !== exceptId) throw conflict('slug');
  }
  if (input.name !== undefined) {
    const owner = await getAuthorByName(input.name);
    if (owner && owner.id !== exceptId) throw conflict('name');
  }
}

/** A page of 50 authors by name (those whose name contains `q`), and how many there are. */
export async function listAuthorsPage(query: AdminAuthorListQuery): Promise<AdminPage<Author>> {
  const [items, total] = await Promise.all([listAuthors(ADMIN_PAGE_SIZE, adminOffsetOf(query.page), query.q), countAuthors(query.q)]);
  return adminPage(items, query.page, total, false);
}

export async function getAuthor(id: number): Promise<Author> {
  const author = await getAuthorById(id);
  if (!author) throw new NotFoundError(messages.authorNotFound);
  return author;
}

/** Creates an author record. */
export async function createAuthor(input: AuthorCreate): Promise<Author> {
  await assertFree(input);
  try {
    const now = new Date();
    const author = await insertAuthor({ ...input, photoUrl: input.photoUrl ?? null, createdAt: now, updatedAt: now });
    await contentChanged({ entity: 'author', id: author.id, action: 'created' }, { kind: 'author', slugs: [author.slug] });
    return author;
  } catch (error) {
    const field = uniqueViolationOf(error);
    if (field) throw conflict(field);
    throw error;
  }
}

/** Changes an author; a new name is written into their articles' bylines too. */
export async function updateAuthor(id: number, input: AuthorUpdate): Promise<Author> {
  const before = await getAuthor(id);
  await assertFree(input, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  let author: Author | undefined;
  try {
    author = await updateAuthorById(id, { ...changes, updatedAt: new Date() });
  } catch (error) {
    const field = uniqueViolationOf(error);
    if (field) throw conflict(field);
    throw error;
  }
  if (!author) throw new NotFoundError(messages.authorNotFound);
  if (author.name !== before.name) await renameAuthorInArticles(id, author.name);
  await contentChanged({ entity: 'author', id, action: 'updated' }, { kind: 'author', slugs: [...new Set([before.slug, author.slug])] });
  return author;
}

/** Deletes an author who has no articles (409 otherwise: their articles need another author first). */
export async function deleteAuthor(id: number): Promise<void> {
  const before = await getAuthor(id);
  const articles = await countArticlesOfAuthor(id);
  if (articles > 0) throw new ConflictError(messages.authorHasArticles(articles));
  if (await isAuthorOfStaff(id)) throw new ConflictError(messages.authorIsStaff);
  if (!(await deleteAuthorById(id))) throw new NotFoundError(messages.authorNotFound);
  await contentChanged({ entity: 'author', id, action: 'deleted' }, { kind: 'author', slugs: [before.slug] });
}

/** A slug made from a name: lowercase words joined by hyphens ("author" when nothing is left). */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'author';
}

/**
 * The author record of an article's byline: the author of that name, or a new record for a
 * name the newsroom has not used yet (its slug from the name, numbered when taken).
 */
export async function authorForByline(name: string): Promise<Author> {
  const existing = await getAuthorByName(name);
  if (existing) return existing;
  const base = slugFromName(name);
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (await getAuthorBySlug(slug)) continue;
    try {
      const now = new Date();
      return await insertAuthor({ name, slug, createdAt: now, updatedAt: now });
    } catch (error) {
      // Another request created it (or took the slug) meanwhile.
      if (uniqueViolationOf(error) === 'name') {
        const created = await getAuthorByName(name);
        if (created) return created;
      }
      if (!uniqueViolationOf(error)) throw error;
    }
  }
  throw new ConflictError(messages.authorSlugTaken, 'author');
}
