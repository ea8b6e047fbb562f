import { useId } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { CORRECTIONS_PATH } from '@/lib/archive-urls';
import { correctionInputSchema } from '@/lib/validation/correction';
import type { Correction } from '@/lib/wire/corrections';
import { TextField } from '@/components/forms/BoundFields';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { EditDialog } from '@/components/admin/shared/EditDialog';
import { Pager } from '@/components/admin/shared/Pager';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** Add a correction to the article, or edit one (given it). */
function CorrectionDialog({ articleId, correction, onSaved }: { articleId: number; correction?: Correction; onSaved: () => void }) {
  const path = `/api/admin/articles/${articleId}/corrections`;
  return (
    <EditDialog
      schema={correctionInputSchema}
      values={{ text: correction?.text ?? '' }}
      idPrefix={`correction-${articleId}-${correction?.id ?? 'new'}`}
      editLabel={correction && `Edit the correction of ${formatShortDate(correction.createdAt)}`}
      title={correction ? 'Edit Correction' : 'Add Correction'}
      description={
        correction
          ? 'Fix the wording; the correction keeps its date.'
          : 'Say what was wrong and what is right. Readers see it under the article, dated today, in its feed items and on the corrections page.'
      }
      submitLabel={correction ? 'Save Changes' : 'Add Correction'}
      addVariant="outline"
      save={(body) => (correction ? sendJson('PATCH', `${path}/${correction.id}`, body) : sendJson('POST', path, body))}
      saved={correction ? 'Correction updated' : 'Correction published'}
      failure="The correction could not be saved."
      onSaved={onSaved}
    >
      {(form) => <TextField form={form} name="text" label="Correction" rows={5} placeholder="An earlier version of this article said… It is…" />}
    </EditDialog>
  );
}

/**
 * A published article's corrections in the editor: newest first, each with its date and who
 * added it, to edit or delete, and Add Correction. They are saved on their own (not with the
 * article's Save), and readers see them at once.
 */
export function ArticleCorrections({ articleId }: { articleId: number }) {
  const list = usePagedList<Correction>(`/api/admin/articles/${articleId}/corrections`, {
    failure: 'The corrections could not be loaded.',
    inline: true,
  });
  const headingId = useId();
  const { data } = list;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-y py-4" data-testid="article-corrections-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Corrections{data && data.total > 0 ? ` (${data.total.toLocaleString('en-US')})` : ''}
        </h3>
        <CorrectionDialog articleId={articleId} onSaved={list.reload} />
      </div>
      <p className="text-muted-foreground text-xs">
        Dated notes readers see under the text, in feeds and on{' '}
        <a href={CORRECTIONS_PATH} target="_blank" rel="noreferrer" className="underline">
          the corrections page
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
      {list.error ? (
        <p className="text-destructive text-sm" role="alert">
          {list.error}
        </p>
      ) : !data ? (
        <p className="text-muted-foreground text-sm" role="status">
          Loading corrections…
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No corrections.</p>
      ) : (
        <ol className="grid gap-3" aria-labelledby={headingId} aria-busy={list.loading}>
          {data.items.map((c) => {
            const day = formatShortDate(c.createdAt);
            return (
              <li key={c.id} className="bg-muted/40 grid gap-2 rounded-md border p-3" data-testid="editor-correction">
                <p className="text-muted-foreground text-xs">
                  <time dateTime={c.createdAt}>{day}</time>
                  {c.createdBy && ` · by ${c.createdBy}`}
                </p>
                <p className="text-sm break-words whitespace-pre-line">{c.text}</p>
                <div className="flex flex-wrap gap-2">
                  <CorrectionDialog articleId={articleId} correction={c} onSaved={list.reload} />
                  <DeleteButton
                    question={`Delete the correction of ${day}? Readers will no longer see it.`}
                    path={`/api/admin/articles/${articleId}/corrections/${c.id}`}
                    success="Correction deleted"
                    onDone={list.reload}
                    label={`Delete the correction of ${day}`}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Pager label="Correction pages" page={list.query.page} pages={list.pages} busy={list.loading} onPage={list.setPage} />
    </section>
  );
}
