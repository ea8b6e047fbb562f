import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { listOwnSessions } from '@/server/services/staff/staff';

/** GET /api/admin/account/sessions: the signed-in person's sessions, most recently used first, the current one marked. */
export const { GET, ALL } = endpoint({ GET: async (context) => json(await listOwnSessions(requireStaff(context))) });
