// The readership calls: the pages’ view beacon and the readership figures.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { VIEWS_PER_CLIENT_PER_MINUTE } from '@/server/services/rate-limits/rules';
import { READERSHIP_RANGES, adminReadershipQuerySchema, viewBeaconSchema } from '@/lib/validation/readership';
import { named } from '@/lib/wire/common';
import { readershipReportSchema } from '@/lib/wire/readership';
import { TAG, ok, rateLimited, PAGE, BODY_ERRORS, open, staff, type DomainPaths } from '@/server/api-operations';

export const readershipPaths: DomainPaths = {
  '/api/views': {
    post: open([TAG.readership], {
      operationId: 'countView',
      summary: 'Count one view of an article page (the page’s beacon)',
      description:
        'Sent by the article page once it has loaded (`navigator.sendBeacon`), from the site’s own pages: JSON of at most 512 bytes. No cookie is read or set and nothing about the reader is stored: views are added up in memory per article and day, referring host and mail campaign, and written in batches. Known bots, repeat views of a story by one address (15 minutes) and a campaign the site’s mails do not carry are not counted; the answer is 204 all the same.',
      body: named('ViewBeacon', viewBeaconSchema),
      responses: {
        '204': ok('Received.'),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited(`Too many views from this address (${VIEWS_PER_CLIENT_PER_MINUTE} a minute for the whole machine).`),
      },
    }),
  },
  '/api/admin/readership': {
    get: staff(TAG.adminReaders, {
      operationId: 'getReadership',
      summary: 'Readership: top stories, referring sites and visits from the site’s mails',
      description:
        'For today, the last 7 or the last 30 days (US Eastern days, today included): a page of the most viewed stories (50 a page, most first), the 20 referring sites with most views and the views each mail’s links brought. Counts are written every few seconds.',
      query: {
        schema: adminReadershipQuerySchema,
        about: { range: `The period: ${READERSHIP_RANGES.map((r) => `\`${r}\``).join(', ')}.`, ...PAGE },
      },
      responses: { '200': ok('The period’s figures.', readershipReportSchema), '400': 'Invalid query parameters.' },
    }),
  },
};
