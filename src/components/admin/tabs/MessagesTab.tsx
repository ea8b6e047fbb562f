import { getJson, sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import type { AdminMessage } from '@/lib/wire/contact';
import { CONTACT_CATEGORIES } from '@/lib/validation/contact';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BulkActions, DeleteButton, mutate } from '@/components/admin/shared/admin-actions';
import { BY_TIME, PagedList, choices } from '@/components/admin/shared/PagedList';
import { PreviewText } from '@/components/admin/shared/PreviewText';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

const categoryLabel = (value: string) => CONTACT_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The contact inbox, 50 a page: search, handled or not, order; mark or delete one or many. */
export function MessagesTab({ onChanged }: { onChanged: () => void }) {
  const list = usePagedList<AdminMessage>('/api/admin/messages', { filters: { status: 'all' }, sort: 'newest', onChanged });
  return (
    <TabSection id="messages-title" title="Messages">
      <PagedList
        name="messages"
        noun="message"
        list={list}
        searchLabel="Search names, e-mails and subjects"
        filters={[{ name: 'status', label: 'Status', options: choices({ all: 'All messages', unhandled: 'Not handled', handled: 'Handled' }) }]}
        sorts={choices(BY_TIME)}
        empty="No messages yet"
        bulkActions={(ids) => (
          <BulkActions
            path="/api/admin/messages/bulk"
            ids={ids}
            plural="messages"
            actions={[
              { label: 'Mark handled', action: 'handled', done: 'marked handled', variant: 'secondary' },
              { label: 'Delete selected', action: 'delete', done: 'deleted', variant: 'outline' },
            ]}
            onDone={list.changed}
          />
        )}
        renderRow={(m) => (
          <div className="space-y-2">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">{m.subject}</span>
              <Badge variant="secondary">{categoryLabel(m.category)}</Badge>
              {m.handled && <Badge variant="outline">Handled</Badge>}
            </p>
            <p className="text-muted-foreground text-xs">
              {m.name}
              {m.email && (
                <>
                  {' · '}
                  <a href={`mailto:${m.email}`}>{m.email}</a>
                </>
              )}
              {m.company ? ` · ${m.company}` : ''} · {formatZonedDateTime(m.createdAt)}
            </p>
            <PreviewText
              text={m.message}
              truncated={m.truncated}
              loadFull={() => getJson<AdminMessage>(`/api/admin/messages/${m.id}`).then(({ data }) => data.message)}
              moreLabel="Read the whole message"
            />
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void mutate(
                    () => sendJson('PATCH', `/api/admin/messages/${m.id}`, { handled: !m.handled }),
                    m.handled ? 'Message reopened' : 'Message marked handled',
                    list.changed,
                  )
                }
              >
                {m.handled ? 'Mark unhandled' : 'Mark handled'}
              </Button>
              <DeleteButton
                question="Delete this message?"
                path={`/api/admin/messages/${m.id}`}
                success="Message deleted successfully"
                onDone={list.changed}
              />
            </div>
          </div>
        )}
      />
    </TabSection>
  );
}
