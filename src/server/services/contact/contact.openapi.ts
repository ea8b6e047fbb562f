// The contact calls: a reader’s message to the editors, and the inbox.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { BULK_MAX } from '@/lib/validation/admin-lists';
import { RATE_RULES } from '@/server/services/rate-limits/rules';
import * as z from '@/lib/validation/zod-mini';
import { adminMessageListSchema, messageBulkSchema } from '@/lib/validation/admin-lists';
import { contactCreateSchema } from '@/lib/validation/contact';
import { messageUpdateSchema } from '@/lib/validation/message';
import { named } from '@/lib/wire/common';
import { adminMessageSchema, contactReceiptSchema } from '@/lib/wire/contact';
import { TAG, ok, rateLimited, BODY_ERRORS, open, adminRecords, type DomainPaths, rulesText, PER_PAGE } from '@/server/api-operations';

export const contactPaths: DomainPaths = {
  '/api/contact': {
    post: open([TAG.contact], {
      operationId: 'sendContactMessage',
      summary: 'Send a message to the editors',
      description: `JSON only; ${rulesText(RATE_RULES.contact)} per address.`,
      body: named('ContactInput', contactCreateSchema),
      responses: {
        '201': ok('Stored.', contactReceiptSchema),
        '400': 'Invalid input, with field messages.',
        ...BODY_ERRORS,
        '429': rateLimited('Too many messages from this address.'),
      },
    }),
  },
  ...adminRecords(
    '/api/admin/messages',
    { tag: TAG.adminReaders, noun: 'message', shape: adminMessageSchema },
    {
      list: {
        operationId: 'listContactMessages',
        summary: `Contact messages, ${PER_PAGE}`,
        items: 'messages',
        query: adminMessageListSchema,
        about: { q: 'Name, e-mail address or subject.', status: 'Handled or not.', sort: 'Newest or oldest first.' },
      },
      bulk: {
        operationId: 'changeContactMessages',
        summary: `Mark up to ${BULK_MAX} messages handled or not, or delete them`,
        body: messageBulkSchema,
      },
      read: { operationId: 'getContactMessage', summary: 'One message in full' },
      update: {
        operationId: 'markContactMessage',
        summary: 'Mark a message handled or not',
        body: messageUpdateSchema,
        answer: ok('Its state.', z.object({ handled: z.boolean() })),
      },
      remove: { operationId: 'deleteContactMessage', summary: 'Delete a message' },
    },
  ),
};
