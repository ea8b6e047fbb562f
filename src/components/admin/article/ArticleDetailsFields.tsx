import type { Control, FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import type { Category } from '@/lib/wire/articles';
import type { ArticleCreateInput } from '@/lib/validation/article';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AuthorOptions } from '@/components/admin/authors/AuthorOptions';
import { LeadImageFields } from '@/components/admin/article/LeadImageFields';
import { useCan } from '@/components/admin/account';

/**
 * The article's details beside the text: slug, excerpt, author, category, image, status,
 * publish time and whether it is featured. `onSlugEdited` says the editor typed a slug of their
 * own (the title stops writing it).
 */
export function ArticleDetailsFields({
  id,
  categories,
  register,
  control,
  setValue,
  errors,
  onSlugEdited,
}: {
  id: (name: string) => string;
  categories: Category[];
  register: UseFormRegister<ArticleCreateInput>;
  control: Control<ArticleCreateInput>;
  setValue: UseFormSetValue<ArticleCreateInput>;
  errors: FieldErrors<ArticleCreateInput>;
  onSlugEdited: () => void;
}) {
  const anyByline = useCan('editAllArticles');
  const canPublish = useCan('publishOwnArticles');
  return (
    <>
      <FormField id={id('slug')} label="Slug" error={errors.slug?.message}>
        <Input {...fieldProps(id('slug'), errors.slug?.message)} {...register('slug', { onChange: onSlugEdited })} />
      </FormField>
      <FormField id={id('excerpt')} label="Excerpt" error={errors.excerpt?.message}>
        <Textarea {...fieldProps(id('excerpt'), errors.excerpt?.message)} rows={3} {...register('excerpt')} />
      </FormField>
      {/* Authors and contributors write under their own byline: the server sets it whatever is sent. */}
      {anyByline ? (
        <>
          <FormField id={id('author')} label="Author" error={errors.author?.message}>
            <Input {...fieldProps(id('author'), errors.author?.message)} list={id('author-options')} autoComplete="off" {...register('author')} />
          </FormField>
          <AuthorOptions id={id('author-options')} />
        </>
      ) : (
        <p className="text-muted-foreground text-sm">Published under your own byline.</p>
      )}
      <FormField id={id('category')} label="Category" error={errors.categoryId?.message}>
        <NativeSelect
          {...fieldProps(id('category'), errors.categoryId?.message)}
          {...register('categoryId')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
      </FormField>
      <LeadImageFields id={id} control={control} register={register} setValue={setValue} errors={errors} />
      <FormField id={id('status')} label="Status">
        <NativeSelect id={id('status')} {...register('status')}>
          {canPublish && <option value="published">Published</option>}
          <option value="draft">Draft</option>
        </NativeSelect>
      </FormField>
      <FormField id={id('published')} label="Publish time" optional error={errors.publishedAt?.message}>
        <Input {...fieldProps(id('published'), errors.publishedAt?.message)} type="datetime-local" {...register('publishedAt')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" {...register('featured')} /> Featured
      </label>
    </>
  );
}
