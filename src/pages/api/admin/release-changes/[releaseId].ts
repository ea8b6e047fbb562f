import { releaseChangeSchema } from '@/lib/validation/release-change';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody, slugParam } from '@/server/http';
import { changeRelease, removeReleaseChange } from '@/server/services/calendar/releases';

export const { PUT, DELETE, ALL } = endpoint({
  /** PUT /api/admin/release-changes/{releaseId} {startsAt?, note?}: EIA moved the release (startsAt, US Eastern) or postponed it (no startsAt); answers the change. */
  PUT: async (context) => {
    requireStaff(context);
    const releaseId = slugParam(context.params['releaseId'], messages.releaseNotFound);
    const input = parseBody(releaseChangeSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await changeRelease(releaseId, input));
  },
  /** DELETE /api/admin/release-changes/{releaseId}: the release is back at its rule's time. */
  DELETE: async (context) => {
    requireStaff(context);
    await removeReleaseChange(slugParam(context.params['releaseId'], messages.releaseNotFound));
    return new Response(null, { status: 204 });
  },
});
