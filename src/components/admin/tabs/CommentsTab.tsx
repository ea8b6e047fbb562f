import { formatZonedDateTime } from '@/lib/format';
import type { ModerationComment } from '@/lib/wire/comments';
import { Badge } from '@/components/ui/badge';
import { InboxList } from '@/components/admin/shared/InboxList';
import { BY_TIME, choices } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** Every comment, 50 a page, pending first; search, status, order; approve or delete one or many. */
export function CommentsTab({ onChanged }: { onChanged: () => void }) {
  const list = usePagedList<ModerationComment>('/api/admin/comments', { filters: { status: 'all' }, sort: 'pending', onChanged });
  return (
    <InboxList
      section={{ id: 'comments-admin-title', title: 'Comments' }}
      noun="comment"
      list={list}
      searchLabel="Search comments, names and e-mails"
      filters={[{ name: 'status', label: 'Status', options: choices({ all: 'All comments', pending: 'Pending', approved: 'Approved' }) }]}
      sorts={choices({ pending: 'Pending first', ...BY_TIME })}
      empty={list.query.filters['status'] !== 'approved' && !list.query.q ? 'No comments pending approval' : 'No comments match.'}
      bulk={{
        plural: 'comments',
        actions: [
          { label: 'Approve selected', action: 'approve', done: 'approved' },
          { label: 'Delete selected', action: 'delete', done: 'deleted', variant: 'outline' },
        ],
      }}
      text={{ of: (c) => c.content, moreLabel: 'Show the whole comment' }}
      action={(c) => !c.approved && { label: 'Approve', to: '/approve', done: 'Comment approved successfully' }}
      remove={{ question: 'Delete this comment?', success: 'Comment deleted successfully' }}
      renderRow={(c, text) => (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{c.authorName}</span>
            <span className="text-muted-foreground">{c.authorEmail}</span>
            <Badge variant={c.approved ? 'default' : 'secondary'}>{c.approved ? 'Approved' : 'Pending'}</Badge>
          </p>
          {text}
          <p className="text-muted-foreground text-xs">
            On{' '}
            <a href={`/article/${c.articleSlug}`} className="text-primary hover:underline">
              {c.articleTitle}
            </a>{' '}
            · {formatZonedDateTime(c.createdAt)}
          </p>
        </>
      )}
    />
  );
}
