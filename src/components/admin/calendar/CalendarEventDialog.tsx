import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import type { CalendarEventItem } from '@/lib/wire/calendar';
import { CALENDAR_EVENT_KINDS, CALENDAR_EVENT_KIND_LABELS, calendarEventSchema } from '@/lib/validation/calendar-event';
import type * as z from '@/lib/validation/zod-mini';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useZodForm } from '@/components/forms/use-zod-form';
import { FormDialog } from '@/components/admin/shared/FormDialog';

type EventFormInput = Required<z.input<typeof calendarEventSchema>>;

/** Add or edit an editor's event on the release calendar; times are US Eastern. */
export function CalendarEventDialog({ item, onSaved }: { item?: CalendarEventItem; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const defaults: EventFormInput = item
    ? { title: item.title, kind: item.kind, startsAt: item.startsAt, endsAt: item.endsAt, location: item.location, url: item.url }
    : { title: '', kind: 'opec', startsAt: '', endsAt: '', location: '', url: '' };
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(calendarEventSchema, defaults);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (item) await sendJson('PATCH', `/api/admin/calendar-events/${item.id}`, body);
      else await sendJson('POST', '/api/admin/calendar-events', body);
      toast({ title: item ? 'Event updated' : 'Event added to the calendar' });
      setOpen(false);
      if (!item) reset(defaults);
      onSaved();
    } catch (error) {
      reportError(error, 'The event could not be saved.');
    }
  });

  const id = (name: string) => `calendar-event-${item?.id ?? 'new'}-${name}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        item ? (
          <Button variant="outline" size="sm" aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
        ) : (
          <Button>Add Event</Button>
        )
      }
      title={item ? 'Edit Event' : 'Add Event'}
      description="Shown on the public release calendar and in its iCalendar feed. Times are US Eastern."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField id={id('title')} label="Title" error={errors.title?.message}>
          <Input {...fieldProps(id('title'), errors.title?.message)} {...register('title')} />
        </FormField>
        <FormField id={id('kind')} label="Kind" error={errors.kind?.message}>
          <NativeSelect id={id('kind')} {...register('kind')}>
            {CALENDAR_EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {CALENDAR_EVENT_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('startsAt')} label="Starts (ET)" error={errors.startsAt?.message}>
            <Input type="datetime-local" {...fieldProps(id('startsAt'), errors.startsAt?.message)} {...register('startsAt')} />
          </FormField>
          <FormField id={id('endsAt')} label="Ends (ET, optional)" error={errors.endsAt?.message}>
            <Input type="datetime-local" {...fieldProps(id('endsAt'), errors.endsAt?.message)} {...register('endsAt')} />
          </FormField>
        </div>
        <FormField id={id('location')} label="Location (optional)" error={errors.location?.message}>
          <Input {...fieldProps(id('location'), errors.location?.message)} {...register('location')} />
        </FormField>
        <FormField id={id('url')} label="Link (optional)" error={errors.url?.message}>
          <Input type="url" {...fieldProps(id('url'), errors.url?.message)} {...register('url')} />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : item ? 'Save Changes' : 'Add Event'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
