import { revisionNoticeListQuerySchema } from '@/lib/validation/revision-notice';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listRevisionNoticesForAdmin } from '@/server/services/articles/revision-watch';

export const { GET, ALL } = endpoint({
  /** GET /api/admin/revision-notices?status=open|all&page=: figures EIA revised that published stories cite (editors: every story's; others: their own), newest first. */
  GET: adminList(revisionNoticeListQuerySchema, listRevisionNoticesForAdmin),
});
