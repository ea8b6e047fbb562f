import { formatZonedDateTime } from '@/lib/format';
import type { AdminMessage } from '@/lib/wire/contact';
import { CONTACT_CATEGORIES } from '@/lib/validation/contact';
import { Badge } from '@/components/ui/badge';
import { InboxList } from '@/components/admin/shared/InboxList';
import { BY_TIME, choices } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

const categoryLabel = (value: string) => CONTACT_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The contact inbox, 50 a page: search, handled or not, order; mark or delete one or many. */
export function MessagesTab({ onChanged }: { onChanged: () => void }) {
  const list = usePagedList<AdminMessage>('/api/admin/messages', { filters: { status: 'all' }, sort: 'newest', onChanged });
  return (
    <InboxList
      section={{ id: 'messages-title', title: 'Messages' }}
      noun="message"
      list={list}
      searchLabel="Search names, e-mails and subjects"
      filters={[{ name: 'status', label: 'Status', options: choices({ all: 'All messages', unhandled: 'Not handled', handled: 'Handled' }) }]}
      sorts={choices(BY_TIME)}
      empty="No messages yet"
      bulk={{
        plural: 'messages',
        actions: [
          { label: 'Mark handled', action: 'handled', done: 'marked handled', variant: 'secondary' },
          { label: 'Delete selected', action: 'delete', done: 'deleted', variant: 'outline' },
        ],
      }}
      text={{ of: (m) => m.message, moreLabel: 'Read the whole message' }}
      action={(m) => ({
        label: m.handled ? 'Mark unhandled' : 'Mark handled',
        variant: 'secondary',
        body: { handled: !m.handled },
        done: m.handled ? 'Message reopened' : 'Message marked handled',
      })}
      remove={{ question: 'Delete this message?', success: 'Message deleted successfully' }}
      renderRow={(m, text) => (
        <>
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
          {text}
        </>
      )}
    />
  );
}
