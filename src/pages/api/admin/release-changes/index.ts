import { releaseChangeListQuerySchema } from '@/lib/validation/release-change';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { listReleaseChangesForAdmin } from '@/server/services/calendar/releases';

export const { GET, ALL } = endpoint({
  /** GET /api/admin/release-changes?page=: EIA's changes to its releases, 50 a page, latest first, and the releases that may be changed; `{items, total, page, pageSize, releases}`. */
  GET: adminList(releaseChangeListQuerySchema, ({ page }) => listReleaseChangesForAdmin(page)),
});
