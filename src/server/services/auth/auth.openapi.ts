// The session calls: signing in and out, two-factor sign-in, invitations accepted, password resets, one’s own account and sessions.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { ADDRESS_SIGN_IN_RULES, FIRST_WAIT_MS, FREE_LOGIN_FAILURES, MAX_WAIT_MS, RATE_RULES } from '@/server/services/rate-limits/rules';
import * as z from '@/lib/validation/zod-mini';
import { loginSchema } from '@/lib/validation/login';
import { TOTP_ACTIONS } from '@/lib/validation/two-factor';
import { acceptInvitationSchema, accountUpdateSchema, passwordResetConfirmSchema, passwordResetRequestSchema } from '@/lib/validation/staff';
import { accountSchema, sessionInfoSchema } from '@/lib/wire/staff';
import { sessionStateSchema, twoFactorSetupSchema, twoFactorStateSchema } from '@/lib/wire/admin';
import { noticeSchema } from '@/lib/wire/common';
import {
  TAG,
  ok,
  pathParam,
  deleted,
  rateLimited,
  BODY_ERRORS,
  open,
  staff,
  type DomainPaths,
  rulesText,
  durationText,
  staffRead,
} from '@/server/api-operations';

export const sessionPaths: DomainPaths = {
  '/api/admin/login': {
    post: open([TAG.adminSession], {
      operationId: 'login',
      summary: 'Sign in',
      description: `Sets the session cookie. ${FREE_LOGIN_FAILURES} failed tries per address and user name, then a wait of ${durationText(FIRST_WAIT_MS)} doubling up to ${durationText(MAX_WAIT_MS)}; failed tries per address over all user names: at most ${rulesText(ADDRESS_SIGN_IN_RULES)}.`,
      body: loginSchema,
      responses: {
        '200': ok('Signed in.', sessionStateSchema),
        '400': 'Invalid input, with field messages.',
        '401': 'Invalid credentials (or a missing or wrong two-factor code).',
        ...BODY_ERRORS,
        '429': rateLimited('Too many failed sign-ins from this address for this user name.'),
      },
    }),
  },
  '/api/admin/check': {
    get: open([TAG.adminSession], {
      operationId: 'checkSession',
      summary: 'Whether the session is signed in',
      responses: { '200': ok('The flag.', sessionStateSchema) },
    }),
  },
  '/api/admin/logout': {
    post: open([TAG.adminSession], {
      operationId: 'logout',
      summary: 'Sign out (ends the session, if there is one)',
      responses: { '200': ok('Signed out.', sessionStateSchema) },
    }),
  },
  '/api/admin/totp': {
    get: staffRead(TAG.adminSession, 'getTwoFactor', 'Whether two-factor sign-in is on', ok('The state.', twoFactorStateSchema)),
  },
  '/api/admin/totp/{action}': {
    post: staff(TAG.adminSession, {
      operationId: 'changeTwoFactor',
      summary: 'Set up, turn on or off, or renew the recovery codes of two-factor sign-in',
      description:
        'Each change needs proof besides the session: the `password`, or (while it is on) a current or recovery `currentCode`; wrong proof counts as a failed sign-in. `setup` answers a new key to scan; `enable` with the new app’s first `code` turns it on and answers the recovery codes (shown once); `recovery-codes` answers new ones in place of the old; `disable` turns it off.',
      path: { action: pathParam('What to do.', z.enum(TOTP_ACTIONS)) },
      body: z.object({ password: z.optional(z.string()), currentCode: z.optional(z.string()), code: z.optional(z.string()) }),
      responses: {
        '200': ok('The new key, or the new state.', z.union([twoFactorSetupSchema, twoFactorStateSchema])),
        '400': 'No proof, or a wrong or missing new code.',
        '401': 'Not signed in, or the proof is wrong.',
        '404': 'Unknown action.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many failed proofs from this address.'),
      },
    }),
  },
  '/api/admin/invitations/accept': {
    post: open([TAG.adminSession], {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation to the staff',
      description:
        'With the token of the invitation link (single use, 7 days) and a password of one’s own: makes the account and sets the session cookie.',
      body: acceptInvitationSchema,
      responses: {
        '201': ok('Signed in.', sessionStateSchema),
        '400': 'Invalid input, or a link spent, revoked or expired.',
        '409': 'The address is on the staff already.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/password-reset': {
    post: open([TAG.adminSession], {
      operationId: 'requestPasswordReset',
      summary: 'Mail a password-reset link',
      description: 'Answers the same whether or not a staff account has the address; a link (single use, one hour) is mailed if one does.',
      body: passwordResetRequestSchema,
      responses: {
        '202': ok('Asked.', noticeSchema),
        '400': 'Invalid input.',
        ...BODY_ERRORS,
        '429': rateLimited(
          `Too many requests from this address (${rulesText(RATE_RULES.passwordReset)}), or for this mailbox (${rulesText(RATE_RULES.passwordResetMailbox)}).`,
        ),
      },
    }),
  },
  '/api/admin/password-reset/confirm': {
    post: open([TAG.adminSession], {
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password with a reset link',
      description: 'Every session of the account ends.',
      body: passwordResetConfirmSchema,
      responses: { '204': ok('Set.'), '400': 'Invalid input, or a link spent or expired.', ...BODY_ERRORS },
    }),
  },
  '/api/admin/account': {
    get: staffRead(TAG.adminSession, 'getAccount', 'The signed-in person, their role and what it may do', ok('The account.', accountSchema)),
    patch: staff(TAG.adminSession, {
      operationId: 'updateAccount',
      summary: 'Change one’s own name or e-mail address',
      description:
        'The name is how the panel and the mails to the staff name the person. A new address needs `password` or `currentCode` besides the session (counted by the sign-in throttle); a person who signs in with their address signs in with the new one. Recorded in the audit trail.',
      body: accountUpdateSchema,
      responses: {
        '200': ok('The account.', accountSchema),
        '400': 'Invalid input, or a new address without a proof.',
        '401': 'The password or code is wrong.',
        '409': 'Someone on the staff already uses this address.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many wrong proofs.'),
      },
    }),
  },
  '/api/admin/account/sessions': {
    get: staffRead(
      TAG.adminSession,
      'listOwnSessions',
      'The signed-in person’s sessions, most recently used first',
      ok('The sessions.', z.array(sessionInfoSchema)),
    ),
  },
  '/api/admin/account/sessions/{id}': {
    delete: staff(TAG.adminSession, {
      operationId: 'endOwnSession',
      summary: 'End one of one’s own sessions',
      path: { id: pathParam('The session’s id.') },
      responses: { '204': deleted, '404': 'No such session of yours.' },
    }),
  },
};
