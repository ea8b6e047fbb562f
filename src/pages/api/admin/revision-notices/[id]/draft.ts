import { adminRead } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { endpoint } from '@/server/http';
import { openCorrectionDraft } from '@/server/services/articles/revision-watch';

export const { POST, ALL } = endpoint({
  /** POST /api/admin/revision-notices/{id}/draft: opens the correction's draft of the notice, written once by the first editor; 200 with the notice and its draft. */
  POST: adminRead(messages.revisionNoticeNotFound, openCorrectionDraft),
});
