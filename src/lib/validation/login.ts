import { z } from 'zod';

/** The admin login payload; both fields required, capped at 1 KB. */
export const loginSchema = z.object({
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(1024, 'Too long'),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(1024, 'Too long'),
  /** The authenticator code or a recovery code, once two-factor sign-in is on. */
  code: z.string().trim().max(64, 'Too long').optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
