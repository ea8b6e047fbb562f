import { formatEasternTime } from '@/lib/calendar-format';
import type { CalendarEventItem } from '@/lib/wire/calendar';
import { CALENDAR_EVENT_KIND_LABELS } from '@/lib/validation/calendar-event';
import { Badge } from '@/components/ui/badge';
import { CalendarEventDialog } from '@/components/admin/calendar/CalendarEventDialog';
import { ReleaseChanges } from '@/components/admin/calendar/ReleaseChanges';
import { RecordList } from '@/components/admin/shared/RecordList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The editors' events on the release calendar, 50 a page (EIA's releases are computed, not listed here). */
export function CalendarTab() {
  const list = usePagedList<CalendarEventItem>('/api/admin/calendar-events', { failure: 'Could not load the calendar events.' });
  return (
    <RecordList
      section={{
        id: 'calendar-admin-title',
        title: 'Release Calendar',
        intro: (
          <>
            EIA&apos;s releases are computed from their schedule (note below when EIA moves one). Add the other dates readers plan around: OPEC+
            meetings, FERC open meetings.{' '}
            <a className="text-primary underline" href="/calendar">
              View the calendar
            </a>
          </>
        ),
      }}
      label="Calendar events, latest first"
      noun="event"
      list={list}
      empty="No events yet."
      dialog={(item) => <CalendarEventDialog item={item} onSaved={list.reload} />}
      remove={(item) => ({
        question: `Delete "${item.title}"?`,
        success: 'Event deleted',
        label: `Delete ${item.title}`,
      })}
      renderRow={(item) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{item.title}</span>
            <Badge variant="secondary">{CALENDAR_EVENT_KIND_LABELS[item.kind]}</Badge>
          </p>
          <p className="text-muted-foreground text-sm">
            {formatEasternTime(item.startsAt)}
            {item.endsAt && ` to ${formatEasternTime(item.endsAt)}`}
            {item.location && ` · ${item.location}`}
          </p>
        </>
      )}
    >
      <ReleaseChanges />
    </RecordList>
  );
}
