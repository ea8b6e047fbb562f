import * as z from '@/lib/validation/zod-mini';

/**
 * Where the login form posts without JavaScript (or before its script has run): a plain
 * form POST that signs in and redirects, so credentials never go into an address.
 */
export const LOGIN_FORM_ACTION = '/admin/sign-in';

/** What the login form says when a field is empty. */
export const LOGIN_FIELDS_REQUIRED = 'Please enter both username and password';

/** The admin login payload; both fields required, capped at 1 KB. */
export const loginSchema = z.object({
  username: z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, 'Required'), z.maxLength(1024, 'Too long')),
  password: z.string({ error: 'Required' }).check(z.minLength(1, 'Required'), z.maxLength(1024, 'Too long')),
  /** The authenticator code or a recovery code, once two-factor sign-in is on. */
  code: z.optional(z.string().check(z.trim(), z.maxLength(64, 'Too long'))),
});

export type LoginInput = z.output<typeof loginSchema>;
