import { TOTP_ACTIONS, totpActionSchema } from '@/lib/validation/two-factor';
import { requireAdmin } from '@/server/auth/guard';
import { NotFoundError } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readOptionalJsonBody } from '@/server/http';
import { changeTwoFactor } from '@/server/services/auth/sign-in';

/**
 * POST /api/admin/totp/setup: a new key to scan (QR code and text);
 * POST /api/admin/totp/enable {code}: confirms it, answering the recovery codes (shown once);
 * POST /api/admin/totp/disable {code | password}: turns two-factor sign-in off.
 */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireAdmin(context);
    if (!TOTP_ACTIONS.includes(context.params.action as never)) throw new NotFoundError();
    const body = await readOptionalJsonBody(context.request, PUBLIC_BODY_LIMIT);
    return json(await changeTwoFactor(user, parseBody(totpActionSchema, { ...body, action: context.params.action })));
  },
});
