// The newsletter calls: sign-up, a reader’s preferences, the subscribers and the briefing’s preview and test.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { MAX_STATE_PRICE_ALERTS } from '@/lib/data-alerts';
import { MAX_PRICE_ALERTS } from '@/lib/validation/newsletter';
import { RATE_RULES } from '@/server/services/rate-limits/rules';
import * as z from '@/lib/validation/zod-mini';
import { adminSubscriberListSchema } from '@/lib/validation/admin-lists';
import { newsletterPreferencesSchema, newsletterSubscribeSchema } from '@/lib/validation/newsletter';
import { newsletterTestSchema } from '@/lib/validation/newsletter-test';
import { noticeSchema } from '@/lib/wire/common';
import { adminSubscriberSchema, briefingPreviewSchema, subscriberPreferencesSchema } from '@/lib/wire/newsletter';
import {
  TAG,
  ok,
  rateLimited,
  BODY_ERRORS,
  open,
  staff,
  listPage,
  deleteOne,
  type DomainPaths,
  rulesText,
  PER_PAGE,
  staffRead,
} from '@/server/api-operations';

export const newsletterPaths: DomainPaths = {
  '/api/newsletter/subscribe': {
    post: open([TAG.newsletter], {
      operationId: 'subscribeToNewsletter',
      summary: 'Subscribe (a confirmation link is mailed)',
      description: `JSON only, from the site’s own pages; limited per client address (${rulesText(RATE_RULES.newsletter)}) and per e-mail address (${rulesText(RATE_RULES.newsletterEmail)}). Known and new addresses get the same answer.`,
      body: newsletterSubscribeSchema,
      responses: {
        '202': ok('A confirmation link is on its way.', noticeSchema),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many sign-ups from this address or for this e-mail address.'),
      },
    }),
  },
  '/api/newsletter/preferences': {
    post: open([TAG.newsletter], {
      operationId: 'saveNewsletterPreferences',
      summary: 'Save a reader’s choices, topics and price alerts',
      description:
        'The `token` of the reader’s preferences link authorizes (no sign-in). The alerts replace the stored ones: at most ' +
        `${MAX_PRICE_ALERTS}, on the market series,` +
        ' `above`/`below` a value in the series’ unit or a `move` of more than `value` percent. `dataAlerts` (optional; left out, the stored ones stay) replace the reader’s data alerts: `storageRange` (gas storage leaving its five-year range), `demandRecords` (grid regions by EIA code) and `statePrices` (at most ' +
        `${MAX_STATE_PRICE_ALERTS}, a state,` +
        ' a sector and a `percent` move from the month before).',
      body: newsletterPreferencesSchema,
      responses: {
        '200': ok('Saved.', z.object({ message: z.string(), preferences: subscriberPreferencesSchema })),
        '400': 'Invalid input, with field messages.',
        '404': 'Unknown preferences link.',
        '409': 'The address is unsubscribed.',
        ...BODY_ERRORS,
      },
    }),
  },
  '/api/admin/subscribers': {
    get: listPage(TAG.adminReaders, 'subscribers', adminSubscriberSchema, {
      operationId: 'listSubscribers',
      summary: `Newsletter subscribers, ${PER_PAGE}`,
      query: adminSubscriberListSchema,
      about: { q: 'The start of an address.', status: 'One status.', sort: 'Newest or oldest first.' },
    }),
  },
  '/api/admin/subscribers/export.csv': {
    get: staffRead(
      TAG.adminReaders,
      'exportSubscribers',
      'Every subscriber with their choices and alerts, as CSV',
      ok('The CSV, streamed.', undefined, { csv: 'A header row, then one row per subscriber.' }),
    ),
  },
  '/api/admin/subscribers/{id}': {
    delete: deleteOne(TAG.adminReaders, 'subscriber', {
      operationId: 'removeSubscriber',
      summary: 'Remove a subscriber and their price alerts for good',
    }),
  },
  '/api/admin/newsletter/preview': {
    get: staffRead(TAG.adminReaders, 'previewBriefing', 'The next daily briefing as it would go out now', ok('The briefing.', briefingPreviewSchema)),
  },
  '/api/admin/newsletter/test': {
    post: staff(TAG.adminReaders, {
      operationId: 'sendTestBriefing',
      summary: 'Send the next briefing to one address, marked [Test]',
      description: `At most ${rulesText(RATE_RULES.newsletterTest)} per person.`,
      body: newsletterTestSchema,
      responses: { '202': ok('Queued.', noticeSchema), '400': 'Invalid input.', ...BODY_ERRORS, '429': rateLimited('Too many test sends.') },
    }),
  },
};
