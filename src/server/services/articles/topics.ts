import type { CategoryDetail } from '@/lib/wire/articles';
import type { CategoryUpdate } from '@/lib/validation/category';
import { NotFoundError, messages } from '@/server/errors';
import { updateCategoryDescription } from '@/server/queries/categories';
import { contentChanged } from '@/server/content-changes';

/** Sets the description a topic page shows; its cached pages are rendered afresh. */
export async function updateCategory(id: number, input: CategoryUpdate): Promise<CategoryDetail> {
  const category = await updateCategoryDescription(id, input.description);
  if (!category) throw new NotFoundError(messages.categoryNotFound);
  await contentChanged({ entity: 'category', id, action: 'updated' }, { kind: 'topic', slug: category.slug });
  return category;
}
