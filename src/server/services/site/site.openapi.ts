// The admin shell’s calls: what the panel’s tab labels count.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { adminCountsSchema } from '@/lib/wire/admin';
import { TAG, ok, staff, type DomainPaths } from '@/server/api-operations';

export const sitePaths: DomainPaths = {
  '/api/admin/counts': {
    get: staff(TAG.adminReaders, {
      operationId: 'getAdminCounts',
      summary: 'What the panel’s tab labels count',
      responses: { '200': ok('The counts.', adminCountsSchema) },
    }),
  },
};
