import { getJson, sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import type { ModerationComment } from '@/lib/wire/comments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BulkActions, DeleteButton, mutate } from '@/components/admin/shared/admin-actions';
import { BY_TIME, PagedList, choices } from '@/components/admin/shared/PagedList';
import { PreviewText } from '@/components/admin/shared/PreviewText';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

/** Every comment, 50 a page, pending first; search, status, order; approve or delete one or many. */
export function CommentsTab({ onChanged }: { onChanged: () => void }) {
  const list = usePagedList<ModerationComment>('/api/admin/comments', { filters: { status: 'all' }, sort: 'pending', onChanged });
  return (
    <TabSection id="comments-admin-title" title="Comments">
      <PagedList
        name="comments"
        noun="comment"
        list={list}
        searchLabel="Search comments, names and e-mails"
        filters={[{ name: 'status', label: 'Status', options: choices({ all: 'All comments', pending: 'Pending', approved: 'Approved' }) }]}
        sorts={choices({ pending: 'Pending first', ...BY_TIME })}
        empty={list.query.filters['status'] !== 'approved' && !list.query.q ? 'No comments pending approval' : 'No comments match.'}
        bulkActions={(ids) => (
          <BulkActions
            path="/api/admin/comments/bulk"
            ids={ids}
            plural="comments"
            actions={[
              { label: 'Approve selected', action: 'approve', done: 'approved' },
              { label: 'Delete selected', action: 'delete', done: 'deleted', variant: 'outline' },
            ]}
            onDone={list.changed}
          />
        )}
        renderRow={(c) => (
          <div className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">{c.authorName}</span>
              <span className="text-muted-foreground">{c.authorEmail}</span>
              <Badge variant={c.approved ? 'default' : 'secondary'}>{c.approved ? 'Approved' : 'Pending'}</Badge>
            </p>
            <PreviewText
              text={c.content}
              truncated={c.truncated}
              loadFull={() => getJson<ModerationComment>(`/api/admin/comments/${c.id}`).then(({ data }) => data.content)}
              moreLabel="Show the whole comment"
            />
            <p className="text-muted-foreground text-xs">
              On{' '}
              <a href={`/article/${c.articleSlug}`} className="text-primary hover:underline">
                {c.articleTitle}
              </a>{' '}
              · {formatZonedDateTime(c.createdAt)}
            </p>
            <div className="flex gap-2">
              {!c.approved && (
                <Button
                  size="sm"
                  onClick={() =>
                    void mutate(() => sendJson('PATCH', `/api/admin/comments/${c.id}/approve`), 'Comment approved successfully', list.changed)
                  }
                >
                  Approve
                </Button>
              )}
              <DeleteButton
                question="Delete this comment?"
                path={`/api/admin/comments/${c.id}`}
                success="Comment deleted successfully"
                onDone={list.changed}
              />
            </div>
          </div>
        )}
      />
    </TabSection>
  );
}
