import { useEffect, useRef, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { PublicComment } from '@/lib/types';
import type { CommentCreateInput } from '@/lib/validation/comment';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { CommentFields } from './CommentFields';
import type CommentForm from './CommentForm';

/** Comments per page: the newest ones first, then "Show older". */
const COMMENTS_PAGE = 50;

function CommentList({ articleId }: { articleId: number }) {
  const [comments, setComments] = useState<PublicComment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getJson<PublicComment[]>(`/api/articles/${articleId}/comments?limit=${COMMENTS_PAGE}`, { signal: controller.signal })
      .then(({ data, headers }) => {
        setComments(data);
        setTotal(Number(headers.get('X-Total-Count') ?? data.length));
      })
      .catch(() => {
        if (!controller.signal.aborted) setError(true);
      });
    return () => controller.abort();
  }, [articleId]);

  const showOlder = async () => {
    const oldest = comments?.[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const { data } = await getJson<PublicComment[]>(`/api/articles/${articleId}/comments?limit=${COMMENTS_PAGE}&before=${oldest.id}`);
      setComments((current) => [...data, ...(current ?? [])]);
    } catch {
      setError(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  if (error) return <p className="text-muted-foreground text-sm">Comments could not be loaded. Please try again later.</p>;
  if (comments === null) {
    return (
      <div role="status" aria-label="Loading comments" className="space-y-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="bg-card space-y-2 rounded-lg border p-4" data-testid="comment-placeholder">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (comments.length === 0) {
    return (
      <p className="bg-card text-muted-foreground rounded-lg border border-dashed p-6 text-center">
        No comments yet - Be the first to share your thoughts on this article.
      </p>
    );
  }
  return (
    <div>
      <h3 className="text-lg font-semibold">
        {total} {total === 1 ? 'Comment' : 'Comments'}
      </h3>
      {comments.length < total && (
        <Button variant="outline" className="mt-4" onClick={() => void showOlder()} disabled={loadingOlder}>
          {loadingOlder ? 'Loading…' : `Show older comments (${total - comments.length})`}
        </Button>
      )}
      <ol className="mt-4 space-y-4">
        {comments.map((c) => (
          <li key={c.id} className="bg-card rounded-lg border p-4">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{c.authorName}</span>
              <time dateTime={c.createdAt} className="text-muted-foreground">
                {formatDateTime(c.createdAt)}
              </time>
            </p>
            <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line">{c.content}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

type CommentFormModule = { default: typeof CommentForm };
interface Handoff {
  initial: CommentCreateInput;
  focusId: string | null;
  submitNow: boolean;
}

/** What the light form holds right now, and which of its controls has focus. */
function readLightForm(element: HTMLFormElement, submitNow: boolean): Handoff {
  const data = new FormData(element);
  const value = (name: string) => {
    const entry = data.get(name);
    return typeof entry === 'string' ? entry : '';
  };
  const focused = document.activeElement;
  return {
    initial: { authorName: value('authorName'), authorEmail: value('authorEmail'), content: value('content'), website: value('website') },
    focusId: focused instanceof HTMLElement && element.contains(focused) ? focused.id || null : null,
    submitNow,
  };
}

/**
 * The comment form's first render: the same fields, uncontrolled. The reader's first focus
 * or submit starts loading the full form (react-hook-form, the shared schema, toasts); the
 * light form stays in place meanwhile, and once the code is there the full form takes over
 * with what was typed and the focus where it was.
 */
function CommentFormLoader({ articleId }: { articleId: number }) {
  const form = useRef<HTMLFormElement>(null);
  const loading = useRef<Promise<CommentFormModule> | null>(null);
  const submitRequested = useRef(false);
  const handoff = useRef<Handoff | null>(null);
  const [loaded, setLoaded] = useState<CommentFormModule | null>(null);

  const load = () => {
    loading.current ??= import('./CommentForm');
    loading.current.then(setLoaded).catch(() => {
      loading.current = null;
    });
  };

  if (loaded) {
    // Read in the render that swaps the forms: render and commit run in one task, so no
    // keystroke can fall between this read and the full form taking over.
    // eslint-disable-next-line react-hooks/refs -- a one-time handoff from the uncontrolled form
    if (!handoff.current && form.current) handoff.current = readLightForm(form.current, submitRequested.current);
    // eslint-disable-next-line react-hooks/refs
    const state = handoff.current ?? { initial: { authorName: '', authorEmail: '', content: '', website: '' }, focusId: null, submitNow: false };
    const Form = loaded.default;
    return <Form articleId={articleId} {...state} />;
  }
  return (
    <form
      ref={form}
      onFocus={load}
      onSubmit={(e) => {
        e.preventDefault();
        submitRequested.current = true;
        load();
      }}
      noValidate
      className="bg-card relative grid gap-4 rounded-lg border p-5"
      aria-labelledby="comment-form-title"
    >
      <CommentFields field={(name) => ({ name })} />
    </form>
  );
}

/** The comments of an article: approved comments, then the form. */
export default function CommentsSection({ articleId }: { articleId: number }) {
  return (
    <>
      <div className="space-y-8">
        <CommentList articleId={articleId} />
        <CommentFormLoader articleId={articleId} />
      </div>
    </>
  );
}
