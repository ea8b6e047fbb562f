import { calendarEventListQuerySchema, calendarEventSchema } from '@/lib/validation/calendar-event';
import { requireAdmin } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { addCalendarEvent, listCalendarEventsForAdmin } from '@/server/services/calendar/releases';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/calendar-events?page=: the editors' events, 50 a page, latest start first; `{items, total, page, pageSize}`. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await listCalendarEventsForAdmin(parseQuery(calendarEventListQuerySchema, context.url).page));
  },
  /** POST /api/admin/calendar-events {title, kind, startsAt, endsAt?, location?, url?} (US Eastern times): 201 with the event. */
  POST: async (context) => {
    requireAdmin(context);
    const input = parseBody(calendarEventSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await addCalendarEvent(input), { status: 201 });
  },
});
