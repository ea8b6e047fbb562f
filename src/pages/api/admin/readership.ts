import { adminReadershipQuerySchema } from '@/lib/validation/readership';
import { adminList } from '@/server/admin-routes';
import { endpoint } from '@/server/http';
import { getReadershipReport } from '@/server/services/readership/views';

/**
 * GET /api/admin/readership?range=today|7d|30d&page=: the period's top stories, 50 a page
 * (`{items, total, page, pageSize}`), with its top referring sites and its visits from the
 * site's mails.
 */
export const { GET, ALL } = endpoint({
  GET: adminList(adminReadershipQuerySchema, (query) => getReadershipReport(query)),
});
