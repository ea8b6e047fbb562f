import { TOTP_ACTIONS, totpActionSchema } from '@/lib/validation/two-factor';
import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { NotFoundError } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, json, parseBody, readOptionalJsonBody } from '@/server/http';
import { changeTwoFactor } from '@/server/services/auth/sign-in';

/**
 * Two-factor changes, each confirmed by `password` or `currentCode` (a current or recovery
 * code) besides the session, and counted by the sign-in throttle (401 wrong, 429 waiting):
 * POST /api/admin/totp/setup: a new key to scan (QR code and text);
 * POST /api/admin/totp/enable {code}: confirms it, answering the recovery codes (shown once);
 * POST /api/admin/totp/recovery-codes: new recovery codes in place of the old ones;
 * POST /api/admin/totp/disable: turns two-factor sign-in off.
 */
export const { POST, ALL } = endpoint({
  POST: async (context) => {
    const user = requireStaff(context);
    if (!TOTP_ACTIONS.includes(context.params.action as never)) throw new NotFoundError();
    const body = await readOptionalJsonBody(context.request, PUBLIC_BODY_LIMIT);
    const action = parseBody(totpActionSchema, { ...body, action: context.params.action });
    return json(await changeTwoFactor(user, action, getClientAddress(context.request, context.clientAddress)));
  },
});
