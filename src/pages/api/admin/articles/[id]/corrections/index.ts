import { adminCorrectionListSchema } from '@/lib/validation/admin-lists';
import { correctionInputSchema } from '@/lib/validation/correction';
import { requireStaff } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, parseQuery, readJsonBody } from '@/server/http';
import { addCorrection, listCorrectionsForAdmin } from '@/server/services/articles/corrections';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/articles/{id}/corrections?page=: the article's corrections, newest first, 50 a page; `{items, total, page, pageSize}`. */
  GET: async (context) => {
    requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    return json(await listCorrectionsForAdmin(id, parseQuery(adminCorrectionListSchema, context.url)));
  },
  /** POST /api/admin/articles/{id}/corrections {text}: 201 with the correction, dated now; 409 unless the article is published. */
  POST: async (context) => {
    const user = requireStaff(context);
    const id = idParam(context.params.id, messages.articleNotFound);
    const input = parseBody(correctionInputSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await addCorrection(id, input, user), { status: 201 });
  },
});
