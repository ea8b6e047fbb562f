import { sendJson } from '@/lib/api-client';
import type { CalendarEventItem } from '@/lib/wire/calendar';
import { CALENDAR_EVENT_KINDS, CALENDAR_EVENT_KIND_LABELS, calendarEventSchema } from '@/lib/validation/calendar-event';
import type * as z from '@/lib/validation/zod-mini';
import { SelectField, TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';

type EventFormInput = Required<z.input<typeof calendarEventSchema>>;

const EMPTY: EventFormInput = { title: '', kind: 'opec', startsAt: '', endsAt: '', location: '', url: '' };
const KIND_OPTIONS = CALENDAR_EVENT_KINDS.map((k) => ({ value: k, label: CALENDAR_EVENT_KIND_LABELS[k] }));

/** Add or edit an editor's event on the release calendar; times are US Eastern. */
export function CalendarEventDialog({ item, onSaved }: { item?: CalendarEventItem | undefined; onSaved: () => void }) {
  return (
    <EditDialog
      schema={calendarEventSchema}
      values={
        item ? { title: item.title, kind: item.kind, startsAt: item.startsAt, endsAt: item.endsAt, location: item.location, url: item.url } : EMPTY
      }
      idPrefix={`calendar-event-${item?.id ?? 'new'}`}
      editLabel={item && `Edit ${item.title}`}
      title={item ? 'Edit Event' : 'Add Event'}
      description="Shown on the public release calendar and in its iCalendar feed. Times are US Eastern."
      submitLabel={item ? 'Save Changes' : 'Add Event'}
      save={(body) =>
        item ? sendJson('PATCH', `/api/admin/calendar-events/${item.id}`, body) : sendJson('POST', '/api/admin/calendar-events', body)
      }
      saved={item ? 'Event updated' : 'Event added to the calendar'}
      failure="The event could not be saved."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField form={form} name="title" label="Title" />
          <SelectField form={form} name="kind" label="Kind" options={KIND_OPTIONS} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="startsAt" label="Starts (ET)" type="datetime-local" />
            <TextField form={form} name="endsAt" label="Ends (ET, optional)" type="datetime-local" />
          </div>
          <TextField form={form} name="location" label="Location (optional)" />
          <TextField form={form} name="url" label="Link (optional)" type="url" />
        </>
      )}
    </EditDialog>
  );
}
