import { calendarEventSchema } from '@/lib/validation/calendar-event';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { changeCalendarEvent, removeCalendarEvent } from '@/server/services/calendar/releases';

export const { PATCH, DELETE, ALL } = endpoint({
  /** PATCH /api/admin/calendar-events/{id} with every field of the event (the form sends them all): answers the event. */
  PATCH: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.calendarEventNotFound);
    const input = parseBody(calendarEventSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await changeCalendarEvent(id, input));
  },
  /** DELETE /api/admin/calendar-events/{id} */
  DELETE: async (context) => {
    requireAdmin(context);
    await removeCalendarEvent(idParam(context.params.id, messages.calendarEventNotFound));
    return new Response(null, { status: 204 });
  },
});
