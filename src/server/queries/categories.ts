import { asc, eq } from 'drizzle-orm';
import { categories } from '@db/schema';
import type { Category, CategoryDetail } from '@/lib/wire/articles';
import { db, type Executor } from '@/server/db';

/** All categories in their editorial order. */
export async function listCategories(tx: Executor = db): Promise<Category[]> {
  return tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.id));
}

export async function categoryExists(id: number, tx: Executor = db): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

/** Every category with its topic description, in editorial order. */
export async function listCategoryDetails(tx: Executor = db): Promise<CategoryDetail[]> {
  return tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.id));
}

/** A category by slug with its description, or undefined. */
export async function getCategoryBySlug(slug: string, tx: Executor = db): Promise<CategoryDetail | undefined> {
  const [row] = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row;
}

/** Sets a category's description; undefined when there is no such category. */
export async function updateCategoryDescription(id: number, description: string, tx: Executor = db): Promise<CategoryDetail | undefined> {
  const [row] = await tx
    .update(categories)
    .set({ description })
    .where(eq(categories.id, id))
    .returning({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description });
  return row;
}
