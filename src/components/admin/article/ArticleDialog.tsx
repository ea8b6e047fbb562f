import { useEffect, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, Category } from '@/lib/types';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { ArticleForm } from '@/components/admin/article/ArticleForm';
import { FormDialog } from '@/components/admin/shared/FormDialog';

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
