import { useContext, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AccountContext, useCan } from '@/components/admin/account';
import { ArticleReview } from '@/components/admin/article/ArticleReview';
import { ApiError, sendJson } from '@/lib/api-client';
import type { AdminArticle, ArticleAutosave, Category } from '@/lib/wire/articles';
import { articleCreateSchema, type ArticleCreateInput } from '@/lib/validation/article';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useZodForm } from '@/components/forms/use-zod-form';
import { ArticleContentField } from '@/components/admin/article/ArticleContentField';
import { ArticleCorrections } from '@/components/admin/article/ArticleCorrections';
import { ArticleDetailsFields } from '@/components/admin/article/ArticleDetailsFields';
import { ArticleSeoFields } from '@/components/admin/article/ArticleSeoFields';
import { EditorNotices } from '@/components/admin/article/EditorNotices';
import { PreviewLinkButton } from '@/components/admin/article/PreviewLinkButton';
import { RevisionHistory } from '@/components/admin/article/RevisionHistory';
import { articleSaveValues, slugify } from '@/components/admin/article/article-form-values';
import { clearLocalAutosave, useAutosave } from '@/components/admin/article/use-autosave';

/**
 * A new article of someone who may not publish starts as a draft, and one who writes under
 * their own byline starts with it (the server sets both the same way).
 */
function useOwnDefaults(values: ArticleCreateInput, article: AdminArticle | undefined): ArticleCreateInput {
  const account = useContext(AccountContext);
  if (article) return values;
  const canPublish = account.capabilities.includes('publishOwnArticles');
  const ownByline = !account.capabilities.includes('editAllArticles');
  return { ...values, ...(!canPublish && { status: 'draft' }), ...(ownByline && { author: account.displayName }) };
}

/**
 * The article form on its full-height writing surface: title and text, the details beside
 * them on wide screens, where the text fills the height and the details scroll; on narrow
 * screens everything stacks and the form scrolls as one. Until the editor types a slug,
 * the title writes it. The form is autosaved while it changes; a save names the version it
 * started from, so a save made elsewhere meanwhile is never overwritten unasked.
 */
export function ArticleForm({
  categories,
  article,
  initialValues,
  recovery,
  onRecover,
  onDone,
  onReload,
  onRestored,
}: {
  categories: Category[];
  article: AdminArticle | undefined;
  /** The article's values, or an autosave's once recovered. */
  initialValues: ArticleCreateInput;
  recovery: ArticleAutosave | undefined;
  onRecover: () => void;
  onDone: () => void;
  onReload: () => void;
  onRestored: (article: AdminArticle) => void;
}) {
  const [slugTouched, setSlugTouched] = useState(Boolean(article));
  const [offered, setOffered] = useState(recovery);
  const [conflict, setConflict] = useState<string | undefined>(undefined);
  // When the editor opened: enough to tell a published article from a scheduled one.
  const [openedAt] = useState(() => Date.now());
  const canCorrect = useCan('correctArticles');
  const canPublish = useCan('publishOwnArticles');
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(articleCreateSchema, useOwnDefaults(initialValues, article));
  const autosave = useAutosave(control, article?.id, article?.updatedAt ?? null);
  const key = article ? String(article.id) : 'new';

  const save = (overwrite: boolean) =>
    handleSubmit(async (submitted) => {
      const values = articleSaveValues(submitted, article);
      try {
        if (article) await sendJson('PATCH', `/api/articles/${article.id}`, overwrite ? values : { ...values, expectedUpdatedAt: article.updatedAt });
        else await sendJson('POST', '/api/articles', values);
        autosave.markSaved();
        toast({ title: article ? 'Article updated successfully' : 'Article created successfully' });
        onDone();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && !error.body?.errors) setConflict(error.body?.message);
        else reportError(error, 'The article could not be saved.');
      }
    });

  const discard = () => {
    setOffered(undefined);
    clearLocalAutosave(key);
    void fetch(`/api/admin/autosaves/${key}`, { method: 'DELETE', credentials: 'include' });
  };
  // The review box's decision: save the form as Published (scheduled when its time is ahead).
  const publishAt = useWatch({ control, name: 'publishedAt' });
  const publishTime = typeof publishAt === 'string' && publishAt !== '' ? new Date(publishAt) : publishAt instanceof Date ? publishAt : undefined;
  const scheduledFor = publishTime && publishTime.getTime() > openedAt ? publishTime : undefined;
  const publish = () => {
    setValue('status', 'published', { shouldDirty: true });
    void save(false)();
  };
  const titleField = register('title');
  const id = (name: string) => `article-${article?.id ?? 'new'}-${name}`;
  return (
    <form
      onSubmit={(e) => void save(false)(e)}
      noValidate
      className="grid min-h-0 flex-1 gap-4 max-lg:-mx-1 max-lg:overflow-y-auto max-lg:px-1 lg:grid-cols-[1fr_20rem] lg:grid-rows-[minmax(0,1fr)]"
    >
      <div className="flex flex-col gap-4 lg:min-h-0">
        <EditorNotices
          recovery={offered}
          articleUpdatedAt={article?.updatedAt}
          onRecover={onRecover}
          onDiscard={discard}
          conflict={conflict}
          onReload={onReload}
          onOverwrite={() => void save(true)()}
          stale={autosave.stale}
          otherTab={autosave.otherTab}
        />
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
      <div className="flex flex-col gap-4 lg:min-h-0">
        <div className="grid gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : article ? 'Save Changes' : 'Create Article'}
          </Button>
          <p className="text-muted-foreground min-h-4 text-xs" role="status" data-testid="autosave-status">
            {autosave.status}
          </p>
        </div>
        {/* On a wide screen the details scroll under Save, with room for focus rings, fading out at the foot while more is below. */}
        <div className="grid content-start gap-4 lg:-mx-1 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:overscroll-contain lg:px-1 lg:pt-1">
          {article && (
            <div className="grid grid-cols-2 gap-2">
              <RevisionHistory article={article} onRestored={onRestored} />
              <PreviewLinkButton articleId={article.id} />
            </div>
          )}
          {/* Readers see a published article: it is corrected in the open, each correction saved on its own. */}
          {article && canCorrect && article.status === 'published' && Date.parse(article.publishedAt) <= openedAt && (
            <ArticleCorrections articleId={article.id} />
          )}
          {article && (
            <ArticleReview article={article} onChanged={onReload} onPublish={canPublish ? publish : undefined} scheduledFor={scheduledFor} />
          )}
          <ArticleDetailsFields
            id={id}
            categories={categories}
            register={register}
            control={control}
            setValue={setValue}
            errors={errors}
            onSlugEdited={() => setSlugTouched(true)}
          />
          <ArticleSeoFields id={id} register={register} control={control} errors={errors} />
          <div aria-hidden="true" className="from-card pointer-events-none sticky bottom-0 h-8 bg-linear-to-t to-transparent max-lg:hidden" />
        </div>
      </div>
    </form>
  );
}
