import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '@/server/auth/guard';
import { confirmTotpEnrollment, disableTotp, startTotpEnrollment } from '@/server/auth/totp';
import { getDb } from '@/server/db';
import { AppError, NotFoundError } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, handle, json, parseBody, readJsonBody } from '@/server/http';

const codeSchema = z.object({
  code: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/**
 * POST /api/admin/totp/setup: a new key to scan (QR code and text);
 * POST /api/admin/totp/enable {code}: confirms it, answering the recovery codes (shown once);
 * POST /api/admin/totp/disable: turns two-factor sign-in off.
 */
export const POST: APIRoute = handle(async (context) => {
  const user = requireAdmin(context);
  const db = await getDb();
  switch (context.params.action) {
    case 'setup':
      return json(await startTotpEnrollment(db, user.userId, user.username));
    case 'enable': {
      const { code } = parseBody(codeSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
      const recoveryCodes = await confirmTotpEnrollment(db, user.userId, code);
      if (!recoveryCodes)
        throw new AppError(400, 'That code is not valid. Check the time on your phone and try again.', { errors: { code: ['Invalid code'] } });
      return json({ enabled: true, recoveryCodes });
    }
    case 'disable':
      await disableTotp(db, user.userId);
      return json({ enabled: false });
    default:
      throw new NotFoundError();
  }
});
