import { correctionInputSchema } from '@/lib/validation/correction';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { changeCorrection, removeCorrection } from '@/server/services/articles/corrections';

export const { PATCH, DELETE, ALL } = endpoint({
  /** PATCH /api/admin/articles/{id}/corrections/{correctionId} {text}: the correction with its new text (its date stays). */
  PATCH: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    const correctionId = idParam(context.params.correctionId, messages.correctionNotFound);
    const input = parseBody(correctionInputSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await changeCorrection(id, correctionId, input, user));
  },
  /** DELETE /api/admin/articles/{id}/corrections/{correctionId} */
  DELETE: async (context) => {
    const user = requireStaff(context);
    await removeCorrection(
      idParam(context.params.id, messages.articleNotFound),
      idParam(context.params.correctionId, messages.correctionNotFound),
      user,
    );
    return new Response(null, { status: 204 });
  },
});
