import { useEffect, useState } from 'react';
import { getJson } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { PublicComment } from '@/lib/wire/comments';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Comments per page: the newest ones first, then "Show older". */
const COMMENTS_PAGE = 50;

/**
 * An article's approved comments: the newest 50 (oldest of them first), then "Show older".
 * Hydrates when scrolled into view; the form below is an island of its own.
 */
export default function CommentList({ articleId }: { articleId: number }) {
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
