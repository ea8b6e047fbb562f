import { Download } from 'lucide-react';
import { formatZonedDateTime } from '@/lib/format';
import { editionsChosen } from '@/lib/mail-editions';
import type { AdminSubscriber } from '@/lib/wire/newsletter';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { BY_TIME, PagedList, choices } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

const STATUS_LABELS: Record<AdminSubscriber['status'], string> = { active: 'Active', pending: 'Not confirmed', unsubscribed: 'Unsubscribed' };

/** How a row names its subscriber: the address, or (for a role without the right to readers' personal data) its number. */
const subscriberName = (s: AdminSubscriber) => s.email ?? `subscriber #${s.id}`;

/** What a subscriber receives, in words. */
function choicesOf(s: AdminSubscriber): string {
  const parts = editionsChosen(s).map((edition) => edition.name);
  return parts.length > 0 ? parts.join(', ') : 'nothing chosen';
}

/**
 * Newsletter subscribers, 50 a page: search by the start of an address, filter by status,
 * newest or oldest first; export all as CSV (a streamed download); remove one for good.
 */
export function SubscribersTab({ onChanged }: { onChanged: () => void }) {
  const list = usePagedList<AdminSubscriber>('/api/admin/subscribers', { filters: { status: 'all' }, sort: 'newest', onChanged });
  return (
    <TabSection
      id="subscribers-title"
      title="Subscribers"
      action={
        <a className={buttonVariants({ variant: 'outline', size: 'sm' })} href="/api/admin/subscribers/export.csv" download>
          <Download aria-hidden="true" /> Export all as CSV
        </a>
      }
    >
      <PagedList
        noun="subscriber"
        list={list}
        searchLabel="Search by the start of an e-mail address"
        filters={[{ name: 'status', label: 'Status', options: choices({ all: 'All subscribers', ...STATUS_LABELS }) }]}
        sorts={choices(BY_TIME)}
        empty="No subscribers found"
        renderRow={(s) => (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold break-all">{subscriberName(s)}</span>
                <Badge variant={s.status === 'active' ? 'default' : s.status === 'pending' ? 'secondary' : 'outline'}>
                  {STATUS_LABELS[s.status]}
                </Badge>
              </p>
              <p className="text-muted-foreground text-xs">
                {choicesOf(s)}
                {s.topics.length > 0 && ` · topics: ${s.topics.join(', ')}`}
              </p>
              <p className="text-muted-foreground text-xs">
                Signed up {formatZonedDateTime(s.createdAt)}
                {s.confirmedAt && ` · confirmed ${formatZonedDateTime(s.confirmedAt)}`}
                {s.unsubscribedAt && ` · unsubscribed ${formatZonedDateTime(s.unsubscribedAt)}`}
              </p>
            </div>
            <DeleteButton
              question={`Remove ${subscriberName(s)} and their price alerts for good? To stop mail but keep the record, they can unsubscribe instead.`}
              path={`/api/admin/subscribers/${s.id}`}
              success="Subscriber removed"
              onDone={list.changed}
              label={`Remove ${subscriberName(s)}`}
            />
          </div>
        )}
      />
    </TabSection>
  );
}
