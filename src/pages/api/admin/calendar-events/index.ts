import { calendarEventListQuerySchema, calendarEventSchema } from '@/lib/validation/calendar-event';
import { adminCreate, adminList } from '@/server/admin-routes';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { addCalendarEvent, listCalendarEventsForAdmin } from '@/server/services/calendar/releases';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/calendar-events?page=: the editors' events, 50 a page, latest start first; `{items, total, page, pageSize}`. */
  GET: adminList(calendarEventListQuerySchema, ({ page }) => listCalendarEventsForAdmin(page)),
  /** POST /api/admin/calendar-events {title, kind, startsAt, endsAt?, location?, url?} (US Eastern times): 201 with the event. */
  POST: adminCreate(calendarEventSchema, PUBLIC_BODY_LIMIT, addCalendarEvent),
});
