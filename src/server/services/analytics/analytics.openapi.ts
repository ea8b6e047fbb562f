// The analytics calls: category counts, analysis items (public list, admin list and writes), the energy mix and Zoho.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import * as z from '@/lib/validation/zod-mini';
import { adminAnalyticsContentListSchema } from '@/lib/validation/admin-lists';
import { analyticsContentCreateSchema, analyticsContentUpdateSchema } from '@/lib/validation/analytics-content';
import { pageQuerySchema } from '@/lib/validation/page-query';
import { zohoConfigSchema } from '@/lib/validation/zoho';
import { analyticsContentItemSchema, zohoAdminConfigSchema, zohoStatusSchema, zohoTestResultSchema } from '@/lib/wire/analytics';
import { categoryStatSchema } from '@/lib/wire/articles';
import { energyMixEntrySchema } from '@/lib/wire/markets';
import {
  TAG,
  ok,
  totalHeader,
  LIMIT_OFFSET,
  BODY_ERRORS,
  open,
  openRead,
  staff,
  adminRecords,
  mergePaths,
  type DomainPaths,
  PER_PAGE,
  staffRead,
} from '@/server/api-operations';

const readsAndZoho: DomainPaths = {
  '/api/analytics': {
    get: openRead(
      [TAG.analytics],
      'getCategoryStats',
      'Published articles per category',
      ok('Counts.', z.object({ categoryStats: z.array(categoryStatSchema) })),
    ),
  },
  '/api/analytics-content': {
    get: open([TAG.analytics], {
      operationId: 'listAnalyticsContent',
      summary: 'Published analysis items, newest first',
      query: { schema: pageQuerySchema, about: LIMIT_OFFSET },
      responses: { '200': ok('A page of items.', z.array(analyticsContentItemSchema), { headers: totalHeader }), '400': 'Invalid query parameters.' },
    }),
  },
  '/api/zoho/config': {
    get: openRead(
      [TAG.analytics],
      'getZohoConfig',
      'Whether Zoho Analytics is configured',
      ok('The flag, or the configuration.', z.union([zohoStatusSchema, zohoAdminConfigSchema])),
      'Signed-in owners get the whole configuration, without its secrets.',
    ),
  },
  '/api/zoho/dashboard-data': {
    get: openRead(
      [TAG.analytics],
      'getEnergyMix',
      'The US energy mix',
      ok('Shares by source.', z.object({ energyMix: z.array(energyMixEntrySchema) })),
    ),
  },
  '/api/zoho/test-connection': {
    post: staff(TAG.adminData, {
      operationId: 'testZohoConnection',
      summary: 'Test the stored Zoho credentials',
      description: 'A failed test is a result: 200 with `success: false` and Zoho’s reason.',
      responses: { '200': ok('How the test went.', zohoTestResultSchema), '400': 'Zoho Analytics is not configured yet.', '502': 'Zoho refused.' },
    }),
  },
  '/api/admin/zoho-config': {
    get: staffRead(
      TAG.adminData,
      'getZohoAdminConfig',
      'The Zoho Analytics configuration without its secrets',
      ok('The configuration.', zohoAdminConfigSchema),
    ),
    post: staff(TAG.adminData, {
      operationId: 'saveZohoConfig',
      summary: 'Save the Zoho Analytics configuration',
      description: 'A blank client secret or refresh token keeps the stored one (the client secret is required the first time).',
      body: zohoConfigSchema(true),
      responses: { '200': ok('The configuration.', zohoAdminConfigSchema), '400': 'Invalid input.', ...BODY_ERRORS },
    }),
  },
};

/** The analysis items: the admin's list, and the writes on the public address. */
const ITEM = { tag: TAG.adminData, noun: 'item', shape: analyticsContentItemSchema };

export const analyticsPaths = mergePaths(
  readsAndZoho,
  adminRecords('/api/analytics-content', ITEM, {
    create: { operationId: 'createAnalyticsContent', summary: 'Create an analysis item', body: analyticsContentCreateSchema },
    update: { operationId: 'updateAnalyticsContent', summary: 'Update an analysis item', body: analyticsContentUpdateSchema },
    remove: { operationId: 'deleteAnalyticsContent', summary: 'Delete an analysis item' },
  }),
  adminRecords('/api/admin/analytics-content', ITEM, {
    list: {
      operationId: 'listAnalyticsContentForAdmin',
      summary: `The analysis items, newest first, ${PER_PAGE} (the admin’s Analytics Content tab)`,
      items: 'items',
      query: adminAnalyticsContentListSchema,
      about: {},
    },
  }),
);
