// What staff send about staff: invitations, their acceptance, password resets, role changes,
// the audit trail's filters, a draft's review and its notes. Shared by the forms and the API.
import * as z from '@/lib/validation/zod-mini';
import { AUDIT_ACTION_NAMES } from '@/lib/staff/audit-actions';
import { ROLES } from '@/lib/staff/permissions';
import { IDENTITY_PROOF } from '@/lib/validation/two-factor';
import { wholeNumber } from '@/lib/validation/page-query';
import { emailSchema, oneLineText, requiredText, trimmedText } from '@/lib/validation/text';

/** A new password: 12 to 1024 characters (as `npm run admin:password` asks). */
export const PASSWORD_MIN = 12;
export const newPasswordSchema = requiredText().check(
  z.minLength(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters`),
  z.maxLength(1024, 'The password must be at most 1024 characters'),
);

const role = z.enum(ROLES, { error: 'Choose a role' });
/** A single-use link's token: 20 to 100 characters of base32. */
const token = requiredText().check(z.trim(), z.regex(/^[a-z2-7]{20,100}$/, 'This link is not valid'));

/** The owner invites a person: their address, their name (the byline's), their role. */
export const invitationSchema = z.object({
  email: emailSchema,
  name: oneLineText('Name', 2, 100),
  role,
});
export type InvitationInput = z.output<typeof invitationSchema>;

/** The invited person accepts with the link's token and a password of their own. */
export const acceptInvitationSchema = z.object({ token, password: newPasswordSchema });
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>;

/** A forgotten password: the account's e-mail address. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** A new password set with a reset link's token. */
export const passwordResetConfirmSchema = z.object({ token, password: newPasswordSchema });
export type PasswordResetConfirm = z.output<typeof passwordResetConfirmSchema>;

/** The owner sends a person of the staff a password-reset link. */
export const staffPasswordResetSchema = z.object({ userId: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** The owner changes a person's role, or deactivates or reactivates them. */
export const staffUpdateSchema = z
  .object({ role: z.optional(role), active: z.optional(z.boolean({ error: 'Must be true or false' })) })
  .check(z.refine((value) => value.role !== undefined || value.active !== undefined, 'Send a role or active'));
export type StaffUpdate = z.output<typeof staffUpdateSchema>;

/**
 * One's own name (as the panel and the mails to the staff show it) and address (where resets
 * and notices go; for a person who signs in with it, their user name too). A new address needs
 * the password or a current code besides the session, as two-factor changes do.
 */
export const accountUpdateSchema = z
  .object({ name: z.optional(oneLineText('Name', 2, 100)), email: z.optional(emailSchema), ...IDENTITY_PROOF })
  .check(z.refine((value) => value.name !== undefined || value.email !== undefined, 'Send a name or an email'));
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

const page = z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1);

/** The staff list's page. */
export const adminStaffListSchema = z.object({ page });
export type AdminStaffListQuery = z.output<typeof adminStaffListSchema>;

/** The audit trail: one action, one person, the page. */
export const adminAuditListSchema = z.object({
  action: z.optional(z.enum(AUDIT_ACTION_NAMES, { error: 'Unknown action' })),
  actorId: z.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER)),
  page,
});
export type AdminAuditListQuery = z.output<typeof adminAuditListSchema>;

/** The review queue's page. */
export const adminReviewListSchema = z.object({ page });
export type AdminReviewListQuery = z.output<typeof adminReviewListSchema>;

/** An editorial note on an article: staff only. */
export const articleNoteSchema = z.object({ body: trimmedText('Note', 1, 5_000) });

/**
 * A draft's review: its writer submits it (with an optional note); an editor returns it with a
 * note saying what to change. Publishing or scheduling it is an ordinary save by an editor.
 */
export const reviewActionSchema = z.object({
  action: z.enum(['submit', 'return'], { error: 'Choose submit or return' }),
  note: z._default(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(5_000, 'Note must be at most 5000 characters')), ''),
});
export type ReviewAction = z.output<typeof reviewActionSchema>;
