import { adminRemove } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { revokeStaffInvitation } from '@/server/services/staff/staff';

/** DELETE /api/admin/staff/invitations/{id} (owners): revokes an open invitation; its link stops working. */
export const { DELETE, ALL } = endpoint({ DELETE: adminRemove(messages.invitationNotFound, revokeStaffInvitation) });
