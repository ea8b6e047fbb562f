import * as z from '@/lib/validation/zod-mini';
import { wholeNumber } from '@/lib/validation/page-query';

/** `GET /api/admin/revision-notices?status=&page=`: the notices still without a correction (`open`, the default) or all, 50 a page. */
export const revisionNoticeListQuerySchema = z.object({
  status: z._default(z.catch(z.enum(['open', 'all']), 'open'), 'open'),
  page: z._default(z.catch(wholeNumber(1, 1_000_000), 1), 1),
});
export type RevisionNoticeListQuery = z.output<typeof revisionNoticeListQuerySchema>;
