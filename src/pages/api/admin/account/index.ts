import { accountUpdateSchema } from '@/lib/validation/staff';
import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { getAccount, updateOwnAccount } from '@/server/services/staff/staff';

/**
 * GET /api/admin/account: the signed-in person, their role and what it may do (the panel's tabs and buttons follow it).
 * PATCH /api/admin/account `{name?, email?, password?, currentCode?}`: one's own name and address (a new address needs the password or a code).
 */
export const { GET, PATCH, ALL } = endpoint({
  GET: async (context) => json(await getAccount(requireStaff(context))),
  PATCH: async (context) => {
    const user = requireStaff(context);
    const input = parseBody(accountUpdateSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await updateOwnAccount(user, input, getClientAddress(context.request, context.clientAddress)));
  },
});
