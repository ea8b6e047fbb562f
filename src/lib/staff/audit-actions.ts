// The audit trail's actions, each once with how the panel names it (and filters by it).

export const AUDIT_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  two_factor_changed: 'Changed two-factor sign-in',
  account_changed: 'Changed their name or address',
  password_reset: 'Reset their password',
  password_reset_sent: 'Sent a person a password-reset link',
  article_published: 'Published an article',
  article_scheduled: 'Scheduled an article',
  article_unpublished: 'Unpublished an article',
  article_deleted: 'Deleted an article',
  article_submitted: 'Submitted a draft for review',
  article_returned: 'Returned a draft',
  correction_added: 'Added a correction',
  correction_changed: 'Changed a correction',
  correction_deleted: 'Deleted a correction',
  annotation_added: 'Annotated a series',
  annotation_changed: 'Changed a series annotation',
  annotation_deleted: 'Deleted a series annotation',
  figure_revised: 'EIA revised a figure a story cites',
  staff_invited: 'Invited a person',
  invitation_revoked: 'Revoked an invitation',
  invitation_accepted: 'Accepted an invitation',
  staff_role_changed: 'Changed a role',
  staff_deactivated: 'Deactivated a person',
  staff_reactivated: 'Reactivated a person',
  settings_changed: 'Changed settings',
  subscribers_exported: 'Exported subscribers',
  subscriber_deleted: 'Deleted a subscriber',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
