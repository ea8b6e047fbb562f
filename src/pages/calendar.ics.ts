import type { APIRoute } from 'astro';
import { calendarFeed } from '@/server/services/calendar/feed';

/** The release calendar as an iCalendar feed (RFC 5545): 3 months back, 12 months ahead. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await calendarFeed(locals.site), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="energypulse-calendar.ics"',
    },
  });
