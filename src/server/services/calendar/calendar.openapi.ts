// The calendar calls: the editors’ events and EIA’s changes to its releases.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { RELEASE_CHANGE_MAX_DAYS } from '@/lib/validation/release-change';
import * as z from '@/lib/validation/zod-mini';
import { calendarEventListQuerySchema, calendarEventSchema } from '@/lib/validation/calendar-event';
import { releaseChangeListQuerySchema, releaseChangeSchema } from '@/lib/validation/release-change';
import { calendarEventItemSchema, releaseChangeItemSchema, releaseChoiceSchema } from '@/lib/wire/calendar';
import { adminPageOf } from '@/lib/wire/common';
import { TAG, ok, pathParam, deleted, PAGE, BODY_ERRORS, staff, adminRecords, type DomainPaths, PER_PAGE } from '@/server/api-operations';

const RELEASE = { releaseId: pathParam('The release: its kind and the day its rule gives (`wpsr-2026-11-25`).') };

export const calendarPaths: DomainPaths = {
  ...adminRecords(
    '/api/admin/calendar-events',
    { tag: TAG.adminData, noun: 'event', shape: calendarEventItemSchema },
    {
      list: {
        operationId: 'listCalendarEvents',
        summary: `The editors’ calendar events, latest start first, ${PER_PAGE}`,
        items: 'events',
        query: calendarEventListQuerySchema,
        about: {},
      },
      create: {
        operationId: 'createCalendarEvent',
        summary: 'Add an event to the release calendar',
        description: 'Times are US Eastern wall clock (`YYYY-MM-DDTHH:MM`).',
        body: calendarEventSchema,
      },
      update: { operationId: 'updateCalendarEvent', summary: 'Replace an event’s fields (the form sends them all)', body: calendarEventSchema },
      remove: { operationId: 'deleteCalendarEvent', summary: 'Delete an event' },
    },
  ),
  '/api/admin/release-changes': {
    get: staff(TAG.adminData, {
      operationId: 'listReleaseChanges',
      summary: `EIA’s changes to its releases, latest first, ${PER_PAGE}, and the releases that may be changed`,
      query: { schema: releaseChangeListQuerySchema, about: PAGE },
      responses: {
        '200': ok(
          'A page of changes, and the computed releases from two weeks back to eight ahead.',
          z.extend(adminPageOf(releaseChangeItemSchema), { releases: z.array(releaseChoiceSchema) }),
        ),
        '400': 'Invalid query parameters.',
      },
    }),
  },
  '/api/admin/release-changes/{releaseId}': {
    put: staff(TAG.adminData, {
      operationId: 'changeRelease',
      summary: 'Note that EIA moved or postponed a release',
      description:
        'A new US Eastern `startsAt` (at most ' +
        `${RELEASE_CHANGE_MAX_DAYS} days from the rule’s day), or none` +
        ' for postponed with no new date; saving again replaces it.',
      path: RELEASE,
      body: releaseChangeSchema,
      responses: {
        '200': ok('The change.', releaseChangeItemSchema),
        '400': 'Invalid input, or too far from the rule’s day.',
        '404': 'No such release.',
        ...BODY_ERRORS,
      },
    }),
    delete: staff(TAG.adminData, {
      operationId: 'removeReleaseChange',
      summary: 'Put a release back at its rule’s time',
      path: RELEASE,
      responses: { '204': deleted, '404': 'The release had no change.' },
    }),
  },
};
