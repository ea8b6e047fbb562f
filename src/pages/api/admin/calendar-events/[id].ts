import { calendarEventSchema } from '@/lib/validation/calendar-event';
import { adminRemove, adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { changeCalendarEvent, removeCalendarEvent } from '@/server/services/calendar/releases';

export const { PATCH, DELETE, ALL } = endpoint({
  /** PATCH /api/admin/calendar-events/{id} with every field of the event (the form sends them all): answers the event. */
  PATCH: adminUpdate(messages.calendarEventNotFound, calendarEventSchema, PUBLIC_BODY_LIMIT, changeCalendarEvent),
  /** DELETE /api/admin/calendar-events/{id} */
  DELETE: adminRemove(messages.calendarEventNotFound, removeCalendarEvent),
});
