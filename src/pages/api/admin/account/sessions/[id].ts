import { requireStaff } from '@/server/auth/guard';
import { NotFoundError, messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { endOwnSession } from '@/server/services/staff/staff';

/** DELETE /api/admin/account/sessions/{id}: ends one of one's own sessions (404 for anyone else's). */
export const { DELETE, ALL } = endpoint({
  DELETE: async (context) => {
    const user = requireStaff(context);
    const id = context.params.id ?? '';
    if (!/^[a-z2-7]{1,64}$/.test(id)) throw new NotFoundError(messages.sessionNotFound);
    await endOwnSession(user, id);
    return new Response(null, { status: 204 });
  },
});
