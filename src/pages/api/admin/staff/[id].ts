import { staffUpdateSchema } from '@/lib/validation/staff';
import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { updateStaffMember } from '@/server/services/staff/staff';

/** PATCH /api/admin/staff/{id} (owners): `{role}` and/or `{active}`; the person's sessions end at once. */
export const { PATCH, ALL } = endpoint({
  PATCH: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.staffNotFound);
    const input = parseBody(staffUpdateSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await updateStaffMember(id, input, user, getClientAddress(context.request, context.clientAddress)));
  },
});
