import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { getJson, sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, Category } from '@/lib/types';
import { articleCreateSchema, type ArticleCreateInput } from '@/lib/validation/article';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/components/forms/use-zod-form';
import { FormDialog } from './FormDialog';
import { RichTextEditor } from './RichTextEditor';

/** "Henry Hub Climbs!" → "henry-hub-climbs" */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** A datetime-local value in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function formValues(article: AdminArticle | undefined, categories: Category[]): ArticleCreateInput {
  return article
    ? {
        title: article.title,
        slug: article.slug,
        excerpt: article.excerpt,
        content: article.content,
        imageUrl: article.imageUrl ?? '',
        author: article.author,
        categoryId: article.categoryId,
        featured: article.featured,
        status: article.status,
        publishedAt: toLocalInput(article.publishedAt),
      }
    : {
        title: '',
        slug: '',
        excerpt: '',
        content: '',
        imageUrl: '',
        author: '',
        categoryId: categories[0]?.id ?? 0,
        featured: false,
        status: 'published',
        publishedAt: '',
      };
}

/** The article form on its full-height writing surface; its fields beside the text on wide screens. */
function ArticleForm({ categories, article, onDone }: { categories: Category[]; article: AdminArticle | undefined; onDone: () => void }) {
  const [slugTouched, setSlugTouched] = useState(Boolean(article));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(articleCreateSchema, formValues(article, categories));

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
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="flex min-h-0 flex-col gap-4">
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
        <div className="flex min-h-0 flex-1 flex-col gap-2">
          <span id={`${id('content')}-label`} className="text-sm leading-none font-medium">
            Content
          </span>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextEditor
                id={id('content')}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.content)}
                describedBy={errors.content ? `${id('content')}-error` : undefined}
                className="min-h-0 flex-1"
              />
            )}
          />
          {errors.content?.message && (
            <p id={`${id('content')}-error`} className="text-destructive text-sm">
              {errors.content.message}
            </p>
          )}
        </div>
      </div>
      <div className="grid content-start gap-4 lg:overflow-y-auto">
        <FormField id={id('slug')} label="Slug" error={errors.slug?.message}>
          <Input {...fieldProps(id('slug'), errors.slug?.message)} {...register('slug', { onChange: () => setSlugTouched(true) })} />
        </FormField>
        <FormField id={id('excerpt')} label="Excerpt" error={errors.excerpt?.message}>
          <Textarea {...fieldProps(id('excerpt'), errors.excerpt?.message)} rows={3} {...register('excerpt')} />
        </FormField>
        <FormField id={id('author')} label="Author" error={errors.author?.message}>
          <Input {...fieldProps(id('author'), errors.author?.message)} {...register('author')} />
        </FormField>
        <FormField id={id('category')} label="Category" error={errors.categoryId?.message}>
          <NativeSelect {...fieldProps(id('category'), errors.categoryId?.message)} {...register('categoryId')}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id('image')} label="Image URL" optional error={errors.imageUrl?.message}>
          <Input {...fieldProps(id('image'), errors.imageUrl?.message)} {...register('imageUrl')} />
        </FormField>
        <FormField id={id('status')} label="Status">
          <NativeSelect id={id('status')} {...register('status')}>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </NativeSelect>
        </FormField>
        <FormField id={id('published')} label="Publish time" optional error={errors.publishedAt?.message}>
          <Input {...fieldProps(id('published'), errors.publishedAt?.message)} type="datetime-local" {...register('publishedAt')} />
        </FormField>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4" {...register('featured')} /> Featured
        </label>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : article ? 'Save Changes' : 'Create Article'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Add Article, or Edit one (given its id): the article is loaded with its HTML when the
 * editor opens, so lists carry no article bodies. A new form starts empty each time.
 */
export function ArticleDialog({
  categories,
  articleId,
  articleTitle,
  onSaved,
}: {
  categories: Category[];
  articleId?: number;
  articleTitle?: string;
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [article, setArticle] = useState<AdminArticle | undefined>(undefined);
  const [session, setSession] = useState(0);

  useEffect(() => {
    if (!open || articleId === undefined) return;
    const controller = new AbortController();
    getJson<AdminArticle>(`/api/admin/articles/${articleId}`, { signal: controller.signal })
      .then(({ data }) => setArticle(data))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        toast({ title: 'Error', description: submitErrorMessage(error, 'The article could not be loaded.'), variant: 'destructive' });
        setOpen(false);
      });
    return () => controller.abort();
  }, [open, articleId]);

  const editing = articleId !== undefined;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setSession((s) => s + 1);
          setArticle(undefined);
        }
      }}
      size="full"
      trigger={
        editing ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${articleTitle ?? 'article'}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Article</Button>
        )
      }
      title={editing ? 'Edit Article' : 'Add Article'}
      description="Write the story; headings, lists, quotes, links and images are kept when it is published."
    >
      {editing && !article ? (
        <p className="text-muted-foreground" role="status">
          Loading the article…
        </p>
      ) : (
        <ArticleForm
          key={session}
          categories={categories}
          article={article}
          onDone={() => {
            setOpen(false);
            onSaved();
          }}
        />
      )}
    </FormDialog>
  );
}
