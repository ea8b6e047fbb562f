import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { getAccount } from '@/server/services/staff/staff';

/** GET /api/admin/account: the signed-in person, their role and what it may do (the panel's tabs and buttons follow it). */
export const { GET, ALL } = endpoint({ GET: async (context) => json(await getAccount(requireStaff(context))) });
