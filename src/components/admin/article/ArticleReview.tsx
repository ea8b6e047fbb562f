import { useId, useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import { sitePathParts } from '@/lib/site-paths';
import type { AdminArticle } from '@/lib/wire/articles';
import type { ArticleNote } from '@/lib/wire/staff';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCan } from '@/components/admin/account';
import { mutate } from '@/components/admin/shared/admin-actions';
import { useResource } from '@/components/admin/shared/use-resource';
import { ReviewBadge } from '@/components/admin/article/ReviewBadge';

const KIND_LABELS: Record<ArticleNote['kind'], string> = {
  note: 'Note',
  submitted: 'Submitted for review',
  returned: 'Returned',
  published: 'Published',
  scheduled: 'Scheduled',
};

/** A note's text, the site paths it names (the release desk's calendar entry) as links. */
function NoteBody({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap">
      {sitePathParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} className="text-primary underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * Review and editorial notes, staff only: a draft's writer submits it for review (a note
 * optional); an editor returns it with a note, or publishes it from here (`onPublish` saves
 * the form as Published: at once, or scheduled when its publish time is ahead). Every note
 * stays with the article beside its revisions.
 */
export function ArticleReview({
  article,
  onChanged,
  onPublish,
  scheduledFor,
}: {
  article: AdminArticle;
  onChanged: () => void;
  /** Saves the form's changes with the article published; absent for someone who may not publish. */
  onPublish?: (() => void) | undefined;
  /** The form's publish time when it is in the future: the decision is then to schedule. */
  scheduledFor?: Date | undefined;
}) {
  const notes = useResource<ArticleNote[]>(`/api/admin/articles/${article.id}/notes`, 'Could not load the notes.');
  const [text, setText] = useState('');
  const isEditor = useCan('editAllArticles');
  const fieldId = useId();
  const done = () => {
    setText('');
    notes.reload();
    onChanged();
  };
  const review = (action: 'submit' | 'return', success: string) =>
    void mutate(() => sendJson('POST', `/api/admin/articles/${article.id}/review`, { action, note: text }), success, done);
  const canSubmit = article.status === 'draft' && article.reviewState !== 'submitted';
  const canReturn = isEditor && article.reviewState === 'submitted';
  return (
    <section aria-labelledby={`${fieldId}-title`} className="grid gap-2 rounded-lg border p-3">
      <h3 id={`${fieldId}-title`} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        Review and notes
        <ReviewBadge state={article.reviewState} />
      </h3>
      <label htmlFor={fieldId} className="text-sm">
        Note for the newsroom <span className="text-muted-foreground">(staff only)</span>
      </label>
      <Textarea id={fieldId} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        {canSubmit && (
          <Button type="button" size="sm" onClick={() => review('submit', 'Submitted for review')}>
            Submit for review
          </Button>
        )}
        {onPublish && isEditor && article.status === 'draft' && (
          <Button type="button" size="sm" onClick={onPublish}>
            {scheduledFor ? `Schedule for ${formatZonedDateTime(scheduledFor.toISOString())}` : 'Publish'}
          </Button>
        )}
        {canReturn && (
          <Button type="button" size="sm" variant="outline" disabled={!text.trim()} onClick={() => review('return', 'Returned to the writer')}>
            Return with note
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!text.trim()}
          onClick={() => void mutate(() => sendJson('POST', `/api/admin/articles/${article.id}/notes`, { body: text }), 'Note added', done)}
        >
          Add note
        </Button>
      </div>
      {notes.data?.length === 0 && <p className="text-muted-foreground text-sm">No notes yet.</p>}
      {notes.data && notes.data.length > 0 && (
        <ol className="grid gap-2 text-sm" aria-label="Notes, newest first">
          {notes.data.map((note) => (
            <li key={note.id} className="bg-muted/50 rounded-md p-2">
              <p className="text-muted-foreground text-xs">
                {KIND_LABELS[note.kind]} · {note.username} · <time dateTime={note.createdAt}>{formatZonedDateTime(note.createdAt)}</time>
              </p>
              {note.body && <NoteBody text={note.body} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
