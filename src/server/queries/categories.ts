import { asc, eq } from 'drizzle-orm';
import { categories } from '@db/schema';
import type { Category } from '@/lib/types';
import { db, type Executor } from '@/server/db';

/** All categories in their editorial order. */
export async function listCategories(tx: Executor = db): Promise<Category[]> {
  return tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.id));
}

export async function categoryExists(id: number, tx: Executor = db): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}
