import { useState } from 'react';
import { formatCalendarDay, formatClock } from '@/lib/calendar-format';
import type { CalendarEventItem } from '@/lib/wire/calendar';
import { CALENDAR_EVENT_KIND_LABELS } from '@/lib/validation/calendar-event';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CalendarEventDialog } from '@/components/admin/calendar/CalendarEventDialog';
import { ReleaseChanges } from '@/components/admin/calendar/ReleaseChanges';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { useResource } from '@/components/admin/shared/use-resource';

interface EventPage {
  items: CalendarEventItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** "Wed, Nov 25, 10:30 AM ET" of a `YYYY-MM-DDTHH:MM` Eastern time. */
const when = (local: string) => {
  const [day = '', time = ''] = local.split('T');
  return `${formatCalendarDay(day)}, ${day.slice(0, 4)}, ${formatClock(time)} ET`;
};

/** The editors' events on the release calendar (EIA's releases are computed, not listed here). */
export function CalendarTab() {
  const [page, setPage] = useState(1);
  const { data, reload } = useResource<EventPage>(`/api/admin/calendar-events?page=${page}`, 'Could not load the calendar events.');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="calendar-admin-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="calendar-admin-title" className="text-xl font-semibold">
            Release Calendar
          </h2>
          <p className="text-muted-foreground text-sm">
            EIA&apos;s releases are computed from their schedule (note below when EIA moves one). Add the other dates readers plan around: OPEC+
            meetings, FERC open meetings.{' '}
            <a className="text-primary underline" href="/calendar">
              View the calendar
            </a>
          </p>
        </div>
        <CalendarEventDialog onSaved={reload} />
      </div>
      {data && data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No events yet.</p>
      ) : (
        <ul className="bg-card divide-y rounded-lg border" aria-label="Calendar events, latest first">
          {data?.items.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{item.title}</span>
                  <Badge variant="secondary">{CALENDAR_EVENT_KIND_LABELS[item.kind]}</Badge>
                </p>
                <p className="text-muted-foreground text-sm">
                  {when(item.startsAt)}
                  {item.endsAt && ` to ${when(item.endsAt)}`}
                  {item.location && ` · ${item.location}`}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <CalendarEventDialog item={item} onSaved={reload} />
                <DeleteButton
                  question={`Delete "${item.title}"?`}
                  path={`/api/admin/calendar-events/${item.id}`}
                  success="Event deleted"
                  onDone={reload}
                  label={`Delete ${item.title}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Event pages" className="flex items-center gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <ReleaseChanges />
    </section>
  );
}
