import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { AdminArticle, Category } from '@/lib/types';
import { articleCreateSchema } from '@/lib/validation/article';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useZodForm } from '@/components/forms/use-zod-form';
import { ArticleContentField } from '@/components/admin/article/ArticleContentField';
import { ArticleDetailsFields } from '@/components/admin/article/ArticleDetailsFields';
import { articleFormValues, slugify } from '@/components/admin/article/article-form-values';

/**
 * The article form on its full-height writing surface: title and text, the details beside
 * them on wide screens, where the text fills the height and the details scroll; on narrow
 * screens everything stacks and the form scrolls as one. Until the editor types a slug,
 * the title writes it.
 */
export function ArticleForm({ categories, article, onDone }: { categories: Category[]; article: AdminArticle | undefined; onDone: () => void }) {
  const [slugTouched, setSlugTouched] = useState(Boolean(article));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(articleCreateSchema, articleFormValues(article, categories));

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (article) await sendJson('PATCH', `/api/articles/${article.id}`, values);
      else await sendJson('POST', '/api/articles', values);
      toast({ title: article ? 'Article updated successfully' : 'Article created successfully' });
      onDone();
    } catch (error) {
      reportError(error, 'The article could not be saved.');
    }
  });

  const titleField = register('title');
  const id = (name: string) => `article-${article?.id ?? 'new'}-${name}`;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid min-h-0 flex-1 gap-4 max-lg:-mx-1 max-lg:overflow-y-auto max-lg:px-1 lg:grid-cols-[1fr_20rem]"
    >
      <div className="flex flex-col gap-4 lg:min-h-0">
        <FormField id={id('title')} label="Title" error={errors.title?.message}>
          <Input
            {...fieldProps(id('title'), errors.title?.message)}
            {...titleField}
            onChange={(e) => {
              void titleField.onChange(e);
              if (!slugTouched) setValue('slug', slugify(e.target.value));
            }}
          />
        </FormField>
        <ArticleContentField id={id('content')} control={control} error={errors.content?.message} />
      </div>
      <div className="grid content-start gap-4 lg:overflow-y-auto">
        <ArticleDetailsFields id={id} categories={categories} register={register} errors={errors} onSlugEdited={() => setSlugTouched(true)} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : article ? 'Save Changes' : 'Create Article'}
        </Button>
      </div>
    </form>
  );
}
