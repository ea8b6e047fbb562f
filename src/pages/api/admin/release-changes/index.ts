import { releaseChangeListQuerySchema } from '@/lib/validation/release-change';
import { requireAdmin } from '@/server/auth/guard';
import { endpoint, json, parseQuery } from '@/server/http';
import { listReleaseChangesForAdmin } from '@/server/services/calendar/releases';

export const { GET, ALL } = endpoint({
  /** GET /api/admin/release-changes?page=: EIA's changes to its releases, 50 a page, latest first, and the releases that may be changed; `{items, total, page, pageSize, releases}`. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await listReleaseChangesForAdmin(parseQuery(releaseChangeListQuerySchema, context.url).page));
  },
});
