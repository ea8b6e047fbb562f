import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { getTwoFactorStatus } from '@/server/services/auth/sign-in';

/** GET /api/admin/totp: whether two-factor sign-in is on. */
export const { GET, ALL } = endpoint({ GET: async (context) => json(await getTwoFactorStatus(requireStaff(context))) });
