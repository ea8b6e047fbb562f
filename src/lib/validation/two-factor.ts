import * as z from '@/lib/validation/zod-mini';

/** What `POST /api/admin/totp/{action}` does. */
export const TOTP_ACTIONS = ['setup', 'enable', 'disable', 'recovery-codes'] as const;

/** A 6-digit authenticator code. */
const sixDigits = z.string({ error: 'Required' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** What the field asks for when neither proof is given. */
export const TWO_FACTOR_PROOF_MESSAGE = 'Enter your password, or a current code or a recovery code';

/**
 * Proof besides the session, which every two-factor change needs: the password, or (while
 * two-factor sign-in is on) a current authenticator code or an unused recovery code.
 */
export const IDENTITY_PROOF = {
  /** The administrator's password. */
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  /** A current authenticator code or an unused recovery code; proves nothing while two-factor sign-in is off. */
  currentCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
};
const proven = z.refine<{ password?: string | undefined; currentCode?: string | undefined }>(
  (v) => v.password !== undefined || v.currentCode !== undefined,
  {
    message: TWO_FACTOR_PROOF_MESSAGE,
    path: ['confirm'],
  },
);

/**
 * The Security tab's requests to `POST /api/admin/totp/{action}`: the action from the path,
 * the rest from the body. Each carries a proof (`password` or `currentCode`).
 */
export const totpActionSchema = z.discriminatedUnion('action', [
  /** A new key to scan, kept pending until confirmed. */
  z.object({ action: z.literal('setup'), ...IDENTITY_PROOF }).check(proven),
  /** Confirms enrollment with the first code the new app shows (`code`). */
  z.object({ action: z.literal('enable'), code: sixDigits, ...IDENTITY_PROOF }).check(proven),
  /** Turns two-factor sign-in off. */
  z.object({ action: z.literal('disable'), ...IDENTITY_PROOF }).check(proven),
  /** New recovery codes in place of the old ones. */
  z.object({ action: z.literal('recovery-codes'), ...IDENTITY_PROOF }).check(proven),
]);

export type TotpAction = z.output<typeof totpActionSchema>;
