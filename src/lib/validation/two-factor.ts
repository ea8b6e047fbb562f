import * as z from '@/lib/validation/zod-mini';

/** What `POST /api/admin/totp/{action}` does. */
export const TOTP_ACTIONS = ['setup', 'enable', 'disable'] as const;

/** A 6-digit authenticator code. */
const sixDigits = z.string({ error: 'Required' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'));

/**
 * The Security tab's requests to `POST /api/admin/totp/{action}`: the action from the path,
 * the rest from the body.
 */
export const totpActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('setup') }),
  /** Confirms enrollment with the first code the app shows. */
  z.object({ action: z.literal('enable'), code: sixDigits }),
  /** Turning two-factor off needs proof besides the session: a current or recovery code, or the password. */
  z
    .object({
      action: z.literal('disable'),
      code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
      password: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
    })
    .check(
      z.refine((v) => v.code !== undefined || v.password !== undefined, {
        message: 'Enter a current code, a recovery code or your password',
        path: ['confirm'],
      }),
    ),
]);

export type TotpAction = z.output<typeof totpActionSchema>;
