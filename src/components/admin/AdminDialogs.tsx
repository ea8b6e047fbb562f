import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { sendJson } from '@/lib/api-client';
import { reportSubmitError, submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, AnalyticsContentItem, Category } from '@/lib/types';
import { ANALYTICS_TYPES, analyticsContentCreateSchema, type AnalyticsContentCreate } from '@/lib/validation/analytics-content';
import { articleCreateSchema, type ArticleCreate, type ArticleCreateInput } from '@/lib/validation/article';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
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

type ArticleFormValues = ArticleCreateInput;

/** Add Article, or Edit when given an article; closes on success, and a new form starts empty. */
export function ArticleDialog({ categories, article, onSaved }: { categories: Category[]; article?: AdminArticle; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [slugTouched, setSlugTouched] = useState(Boolean(article));
  const defaults: ArticleFormValues = article
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
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ArticleFormValues, unknown, ArticleCreate>({
    resolver: zodResolver(articleCreateSchema),
    defaultValues: defaults,
  });

  const onSubmit = async (values: ArticleCreate) => {
    try {
      if (article) await sendJson('PATCH', `/api/articles/${article.id}`, values);
      else await sendJson('POST', '/api/articles', values);
      toast({ title: article ? 'Article updated successfully' : 'Article created successfully' });
      setOpen(false);
      if (!article) {
        reset(defaults);
        setSlugTouched(false);
      }
      onSaved();
    } catch (error) {
      reportSubmitError(error, 'The article could not be saved.', Object.keys(defaults) as (keyof ArticleFormValues)[], setError);
    }
  };

  const titleField = register('title');
  const id = (name: string) => `article-${article?.id ?? 'new'}-${name}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {article ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${article.title}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Article</Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{article ? 'Edit Article' : 'Add Article'}</DialogTitle>
          <DialogDescription>Write the story; headings, lists, quotes, links and images are kept when it is published.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate className="grid gap-4">
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
          <FormField id={id('slug')} label="Slug" error={errors.slug?.message}>
            <Input {...fieldProps(id('slug'), errors.slug?.message)} {...register('slug', { onChange: () => setSlugTouched(true) })} />
          </FormField>
          <FormField id={id('excerpt')} label="Excerpt" error={errors.excerpt?.message}>
            <Textarea {...fieldProps(id('excerpt'), errors.excerpt?.message)} rows={2} {...register('excerpt')} />
          </FormField>
          <div className="grid gap-2">
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
                />
              )}
            />
            {errors.content?.message && (
              <p id={`${id('content')}-error`} className="text-destructive text-sm">
                {errors.content.message}
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
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
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
              <input type="checkbox" className="size-4" {...register('featured')} /> Featured
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : article ? 'Save Changes' : 'Create Article'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type AnalyticsFormValues = { title: string; type: (typeof ANALYTICS_TYPES)[number]; content: string; metadata: string };

/** Add or Edit analytics content; metadata is edited as JSON. */
export function AnalyticsDialog({ item, onSaved }: { item?: AnalyticsContentItem; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const defaults: AnalyticsFormValues = item
    ? { title: item.title, type: item.type, content: item.content, metadata: JSON.stringify(item.metadata, null, 2) }
    : { title: '', type: 'chart', content: '', metadata: '{}' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AnalyticsFormValues>({ defaultValues: defaults });

  const onSubmit = async (values: AnalyticsFormValues) => {
    let metadata: unknown;
    try {
      metadata = JSON.parse(values.metadata || '{}');
    } catch {
      setError('metadata', { message: 'Metadata must be valid JSON' });
      return;
    }
    const parsed = analyticsContentCreateSchema.safeParse({ ...values, metadata });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0]) as keyof AnalyticsFormValues, { message: issue.message });
      return;
    }
    const body: AnalyticsContentCreate = parsed.data;
    try {
      if (item) await sendJson('PATCH', `/api/analytics-content/${item.id}`, body);
      else await sendJson('POST', '/api/analytics-content', body);
      toast({ title: item ? 'Analytics content updated successfully' : 'Analytics content created successfully' });
      setOpen(false);
      if (!item) reset(defaults);
      onSaved();
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The item could not be saved.'), variant: 'destructive' });
    }
  };

  const id = (name: string) => `analytics-${item?.id ?? 'new'}-${name}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {item ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Analytics Content</Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{item ? 'Edit Analytics Content' : 'Add Analytics Content'}</DialogTitle>
          <DialogDescription>Published under Market Overview on the analytics page.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate className="grid gap-4">
          <FormField id={id('title')} label="Title" error={errors.title?.message}>
            <Input {...fieldProps(id('title'), errors.title?.message)} {...register('title')} />
          </FormField>
          <FormField id={id('type')} label="Type" error={errors.type?.message}>
            <NativeSelect id={id('type')} {...register('type')}>
              {ANALYTICS_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('content')} label="Content" error={errors.content?.message}>
            <Textarea {...fieldProps(id('content'), errors.content?.message)} rows={6} {...register('content')} />
          </FormField>
          <FormField id={id('metadata')} label="Metadata (JSON)" error={errors.metadata?.message}>
            <Textarea {...fieldProps(id('metadata'), errors.metadata?.message)} rows={3} className="font-mono text-sm" {...register('metadata')} />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : item ? 'Save Changes' : 'Create'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
