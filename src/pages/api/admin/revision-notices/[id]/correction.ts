import { correctionInputSchema } from '@/lib/validation/correction';
import { adminCreateFor } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { correctFromNotice } from '@/server/services/articles/revision-watch';

export const { POST, ALL } = endpoint({
  /** POST /api/admin/revision-notices/{id}/correction {text}: publishes the correction drafted from the notice on its story; 201 with it. */
  POST: adminCreateFor(messages.revisionNoticeNotFound, correctionInputSchema, PUBLIC_BODY_LIMIT, correctFromNotice),
});
