import { useEffect, useState } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, ArticleRevisionDiff, ArticleRevisionRow } from '@/lib/wire/articles';
import { cn } from '@/lib/utils';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { RevisionDiff } from '@/components/admin/article/RevisionDiff';
import { ARTICLE_FIELD_LABELS } from '@/lib/validation/article';

interface Page {
  items: ArticleRevisionRow[];
  total: number;
  page: number;
  pageSize: number;
}

const ACTIONS: Record<ArticleRevisionRow['action'], string> = {
  created: 'Created',
  updated: 'Saved',
  restored: 'Restored',
  baseline: 'Before history',
};
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The article's history: every save (who, when, what changed), newest first; one opened
 * shows its difference from the current article and can be restored.
 */
export function RevisionHistory({ article, onRestored }: { article: AdminArticle; onRestored: (article: AdminArticle) => void }) {
  const [open, setOpen] = useState(false);
  const [pages, setPages] = useState<Page | undefined>(undefined);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [diff, setDiff] = useState<ArticleRevisionDiff | undefined>(undefined);
  const [restoring, setRestoring] = useState(false);

  const load = async (page: number) => {
    const { data } = await getJson<Page>(`/api/admin/articles/${article.id}/revisions?page=${page}`);
    setPages((current) => (current && page > 1 ? { ...data, items: [...current.items, ...data.items] } : data));
  };
  const loadFailed = (error: unknown) =>
    toast({ title: 'Error', description: submitErrorMessage(error, 'The history could not be loaded.'), variant: 'destructive' });
  const show = (next: boolean) => {
    setOpen(next);
    setPages(undefined);
    setSelected(undefined);
    setDiff(undefined);
    if (next) load(1).catch(loadFailed);
  };
  useEffect(() => {
    if (selected === undefined) return;
    const controller = new AbortController();
    getJson<ArticleRevisionDiff>(`/api/admin/articles/${article.id}/revisions/${selected}`, { signal: controller.signal })
      .then(({ data }) => setDiff(data))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          toast({ title: 'Error', description: submitErrorMessage(error, 'The revision could not be loaded.'), variant: 'destructive' });
      });
    return () => controller.abort();
  }, [article.id, selected]);

  const restore = async () => {
    if (selected === undefined) return;
    setRestoring(true);
    try {
      const restored = await sendJson<AdminArticle>('POST', `/api/admin/articles/${article.id}/revisions/${selected}/restore`, {
        expectedUpdatedAt: article.updatedAt,
      });
      toast({ title: 'Revision restored' });
      setOpen(false);
      onRestored(restored);
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The revision could not be restored.'), variant: 'destructive' });
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={show}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          History
        </Button>
      </DialogTrigger>
      <DialogContent size="full" aria-describedby="revision-history-description">
        <DialogHeader>
          <DialogTitle>History of “{article.title}”</DialogTitle>
          <DialogDescription id="revision-history-description">
            Every save, newest first. Open one to compare it with the article now, and restore it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto lg:grid-cols-[22rem_1fr] lg:overflow-hidden">
          <div className="lg:min-h-0 lg:overflow-y-auto">
            {!pages ? (
              <p role="status">Loading the history…</p>
            ) : (
              <ol aria-label="Revisions" className="grid gap-1">
                {pages.items.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      aria-pressed={selected === r.id}
                      onClick={() => {
                        setDiff(undefined);
                        setSelected(r.id);
                      }}
                      className={cn(
                        'hover:bg-muted w-full rounded-md border px-3 py-2 text-left text-sm',
                        selected === r.id && 'border-primary bg-muted',
                      )}
                    >
                      <span className="block font-medium">
                        {ACTIONS[r.action]} {when(r.createdAt)}
                      </span>
                      <span className="text-muted-foreground block text-xs">
                        {r.action === 'baseline' ? 'the article as it was before its first kept save' : `by ${r.username}`}
                        {r.changedFields.length > 0 && ` · ${r.changedFields.map((f) => ARTICLE_FIELD_LABELS[f]).join(', ')}`}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {pages && pages.items.length < pages.total && (
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void load(pages.page + 1).catch(loadFailed)}>
                Show older saves
              </Button>
            )}
          </div>
          <div className="lg:min-h-0 lg:overflow-y-auto" aria-live="polite">
            {selected === undefined ? (
              <p className="text-muted-foreground text-sm">Choose a save to compare it with the article now.</p>
            ) : !diff ? (
              <p role="status">Loading the revision…</p>
            ) : (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="flex-1 text-sm">
                    {ACTIONS[diff.revision.action]} {when(diff.revision.createdAt)}
                    {diff.revision.action !== 'baseline' && ` by ${diff.revision.username}`}
                  </p>
                  <Button type="button" onClick={() => void restore()} disabled={restoring}>
                    {restoring ? 'Restoring…' : 'Restore this revision'}
                  </Button>
                </div>
                <RevisionDiff diff={diff} />
              </div>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
