// The staff calls: people, roles, invitations, password-reset links and the audit trail (owners).
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { RATE_RULES } from '@/server/services/rate-limits/rules';
import * as z from '@/lib/validation/zod-mini';
import {
  adminAuditListSchema,
  adminStaffListSchema,
  invitationSchema as invitationInputSchema,
  staffPasswordResetSchema,
  staffUpdateSchema,
} from '@/lib/validation/staff';
import { auditEntrySchema, invitationSchema, staffMemberSchema } from '@/lib/wire/staff';
import { adminPageOf, noticeSchema } from '@/lib/wire/common';
import {
  TAG,
  ok,
  rateLimited,
  PAGE,
  BODY_ERRORS,
  staff,
  listPage,
  createOne,
  changeOne,
  deleteOne,
  type DomainPaths,
  rulesText,
  PER_PAGE,
} from '@/server/api-operations';

export const staffPaths: DomainPaths = {
  '/api/admin/staff': {
    get: staff(TAG.adminStaff, {
      operationId: 'listStaff',
      summary: `The staff, ${PER_PAGE} in the order they joined, and the open invitations`,
      query: { schema: adminStaffListSchema, about: PAGE },
      responses: {
        '200': ok('A page of people.', z.extend(adminPageOf(staffMemberSchema), { invitations: z.array(invitationSchema) })),
        '400': 'Invalid query parameters.',
      },
    }),
  },
  '/api/admin/staff/{id}': {
    patch: changeOne(TAG.adminStaff, 'person', ok('The person.', staffMemberSchema), {
      operationId: 'updateStaff',
      summary: 'Change a person’s role, or deactivate or reactivate them',
      description: 'Their sessions end at once; their bylines and revisions stay. Not one’s own; the last active owner stays one.',
      body: staffUpdateSchema,
      conflict: 'One’s own account, or the last active owner.',
    }),
  },
  '/api/admin/staff/password-resets': {
    post: staff(TAG.adminStaff, {
      operationId: 'sendPasswordReset',
      summary: 'Mail a person a password-reset link',
      description:
        'The link (single use, one hour) goes to the person’s own address and is made when the mail is sent, so nobody else sees it; the audit trail records the owner’s action. Their password works until they use it.',
      body: staffPasswordResetSchema,
      responses: {
        '202': ok('Queued.', noticeSchema),
        '400': 'Invalid input.',
        '404': 'No such person.',
        '409': 'The person is deactivated or has no address.',
        ...BODY_ERRORS,
        '429': rateLimited(`Too many links to this mailbox (${rulesText(RATE_RULES.passwordResetMailbox)}).`),
      },
    }),
  },
  '/api/admin/staff/invitations': {
    post: createOne(TAG.adminStaff, 'invitation', invitationSchema, {
      operationId: 'inviteStaff',
      summary: 'Invite a person by e-mail (a single-use link, valid 7 days)',
      body: invitationInputSchema,
      conflict: 'Someone on the staff already uses this address.',
    }),
  },
  '/api/admin/staff/invitations/{id}': {
    delete: deleteOne(TAG.adminStaff, 'invitation', { operationId: 'revokeInvitation', summary: 'Revoke an open invitation' }),
  },
  '/api/admin/audit': {
    get: listPage(TAG.adminStaff, 'entries', auditEntrySchema, {
      operationId: 'listAudit',
      summary: `The audit trail, newest first, ${PER_PAGE}`,
      query: adminAuditListSchema,
      about: { action: 'One action.', actorId: 'One person’s.' },
    }),
  },
};
