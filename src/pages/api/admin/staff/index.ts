import { adminStaffListSchema } from '@/lib/validation/staff';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listStaffPage } from '@/server/services/staff/staff';

/** GET /api/admin/staff (owners): the staff, 50 a page in the order they joined, and the open invitations. */
export const { GET, ALL } = endpoint({ GET: adminList(adminStaffListSchema, listStaffPage) });
