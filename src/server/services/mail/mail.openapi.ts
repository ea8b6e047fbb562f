// The mail calls: the outbox of every mail the site sends.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import { adminOutboxListSchema } from '@/lib/validation/admin-lists';
import { outboxItemSchema, outboxMessageSchema } from '@/lib/wire/newsletter';
import { TAG, listPage, readOne, type DomainPaths, PER_PAGE } from '@/server/api-operations';

export const mailPaths: DomainPaths = {
  '/api/admin/outbox': {
    get: listPage(TAG.adminReaders, 'messages', outboxItemSchema, {
      operationId: 'listOutbox',
      summary: `Mail the site sent or will send, newest first, ${PER_PAGE}`,
      description: 'Each with its delivery result; totals are counted up to 1,000.',
      query: adminOutboxListSchema,
      about: { q: 'The exact recipient address.', kind: 'One kind of mail.', status: 'One delivery state.', sort: 'Newest first.' },
    }),
  },
  '/api/admin/outbox/{id}': {
    get: readOne(TAG.adminReaders, 'message', outboxMessageSchema, {
      operationId: 'getOutboxMessage',
      summary: 'One message in full, with its delivery result',
    }),
  },
};
