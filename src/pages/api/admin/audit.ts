import { adminAuditListSchema } from '@/lib/validation/staff';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listAuditTrail } from '@/server/services/staff/audit';

/** GET /api/admin/audit (owners): the audit trail, newest first, 50 a page; `action`, `actorId`, `page`. */
export const { GET, ALL } = endpoint({ GET: adminList(adminAuditListSchema, listAuditTrail) });
