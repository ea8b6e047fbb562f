import { useEffect, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, ArticleAutosave, Category } from '@/lib/wire/articles';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { ArticleForm } from '@/components/admin/article/ArticleForm';
import { articleFormValues, recoverableAutosave, withAutosave } from '@/components/admin/article/article-form-values';
import { readLocalAutosave } from '@/components/admin/article/use-autosave';
import { FormDialog } from '@/components/admin/shared/FormDialog';

/**
 * Add Article, or Edit one (given its id): the article is loaded with its HTML when the
 * editor opens, so lists carry no article bodies; with it, the autosave (the server's, or
 * this browser's when newer) to offer for recovery.
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
  const [loaded, setLoaded] = useState<{ article: AdminArticle | undefined; recovery: ArticleAutosave | undefined; recovered: boolean } | undefined>(
    undefined,
  );
  // Each load starts the form afresh: opening, reloading after a conflict, restoring a revision.
  const [session, setSession] = useState(0);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const key = articleId === undefined ? 'new' : String(articleId);
    const load = async () => {
      const [article, server] = await Promise.all([
        articleId === undefined
          ? undefined
          : getJson<AdminArticle>(`/api/admin/articles/${articleId}`, { signal: controller.signal }).then((r) => r.data),
        getJson<{ autosave: ArticleAutosave | null }>(`/api/admin/autosaves/${key}`, { signal: controller.signal })
          .then((r) => r.data.autosave)
          .catch(() => null),
      ]);
      const recovery = recoverableAutosave(articleFormValues(article, categories), server, readLocalAutosave(key));
      setLoaded({ article, recovery, recovered: false });
    };
    load().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      toast({ title: 'Error', description: submitErrorMessage(error, 'The article could not be loaded.'), variant: 'destructive' });
      setOpen(false);
    });
    return () => controller.abort();
  }, [open, articleId, categories, session]);

  const editing = articleId !== undefined;
  const reload = () => {
    setLoaded(undefined);
    setSession((s) => s + 1);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reload();
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
      description="Write the story; headings, lists, quotes, links, tables and images are kept when it is published. Your work is autosaved as you type."
    >
      {!loaded ? (
        <p className="text-muted-foreground" role="status">
          Loading the article…
        </p>
      ) : (
        <ArticleForm
          // Recovering starts the form afresh from the autosave's values (the text editor takes its content once).
          key={`${session}-${loaded.recovered}`}
          categories={categories}
          article={loaded.article}
          initialValues={
            loaded.recovered && loaded.recovery
              ? withAutosave(articleFormValues(loaded.article, categories), loaded.recovery)
              : articleFormValues(loaded.article, categories)
          }
          recovery={loaded.recovered ? undefined : loaded.recovery}
          onRecover={() => setLoaded({ ...loaded, recovered: true })}
          onReload={reload}
          onRestored={() => {
            reload();
            onSaved();
          }}
          onDone={() => {
            setOpen(false);
            onSaved();
          }}
        />
      )}
    </FormDialog>
  );
}
