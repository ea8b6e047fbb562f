// The admin shell’s calls: what the panel’s tab labels count.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { adminCountsSchema } from '@/lib/wire/admin';
import { TAG, ok, staffRead, type DomainPaths } from '@/server/api-operations';

export const sitePaths: DomainPaths = {
  '/api/admin/counts': {
    get: staffRead(TAG.adminReaders, 'getAdminCounts', 'What the panel’s tab labels count', ok('The counts.', adminCountsSchema)),
  },
};
