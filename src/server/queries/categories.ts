import { asc } from 'drizzle-orm';
import type { Db } from '@db/client';
import { categories } from '@db/schema';
import type { Category } from '@/lib/types';

/** All categories in their editorial order. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.id));
}
