import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { CategoryDetail } from '@/lib/wire/articles';
import { categoryUpdateSchema } from '@/lib/validation/category';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/components/forms/use-zod-form';
import { mutate } from '@/components/admin/shared/admin-actions';
import { useResource } from '@/components/admin/shared/use-resource';
import { TabSection } from '@/components/admin/shared/TabSection';

/** One topic's description, saved on its own. */
function TopicForm({ category, onSaved }: { category: CategoryDetail; onSaved: () => void }) {
  const [saved, setSaved] = useState(category.description);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useZodForm(categoryUpdateSchema, { description: category.description });
  const id = `topic-${category.id}-description`;
  const onSubmit = handleSubmit((body) =>
    mutate(
      () => sendJson('PATCH', `/api/admin/categories/${category.id}`, body),
      'Topic description saved',
      () => {
        setSaved(body.description);
        reset(body);
        onSaved();
      },
    ),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{category.name}</h3>
        <a href={`/category/${category.slug}`} className="text-primary text-sm hover:underline">
          View topic page<span className="sr-only">: {category.name}</span>
        </a>
      </div>
      <FormField id={id} label={`Description of ${category.name}`} error={errors.description?.message}>
        <Textarea {...fieldProps(id, errors.description?.message)} rows={2} {...register('description')} />
      </FormField>
      <div className="flex items-center justify-end gap-3">
        {!isDirty && saved !== '' && <span className="text-muted-foreground text-xs">Saved</span>}
        <Button type="submit" size="sm" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save description'}
        </Button>
      </div>
    </form>
  );
}

/** The topic pages' descriptions (/category/{slug}), one short text per category. */
export function TopicsTab() {
  const { data: categories, reload } = useResource<CategoryDetail[]>('/api/admin/categories');
  return (
    <TabSection id="topics-title" title="Topics" intro="The description each topic page shows under its name (at most 500 characters).">
      <ul className="bg-card divide-y rounded-lg border" aria-label="Topics">
        {categories?.map((category) => (
          <li key={category.id}>
            <TopicForm category={category} onSaved={reload} />
          </li>
        ))}
      </ul>
    </TabSection>
  );
}
