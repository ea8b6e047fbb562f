// What the API answers about analysis items and the Zoho Analytics connection.
import * as z from '@/lib/validation/zod-mini';
import { ANALYTICS_TYPES } from '@/lib/validation/analytics-content';
import { ZOHO_DATA_CENTRES } from '@/lib/validation/zoho';
import { about, isoDateTime, recordId, namedObject } from '@/lib/wire/common';

/** A published analysis item of /analytics. */
export const analyticsContentItemSchema = namedObject('AnalyticsContent', {
  id: recordId,
  title: z.string(),
  type: z.enum(ANALYTICS_TYPES),
  content: z.string(),
  metadata: about(z.record(z.string(), z.unknown()), 'e.g. `{"series": ["wti", "brent"], "range": "3m", "chart": "line"}` draws a chart.'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AnalyticsContentItem = z.output<typeof analyticsContentItemSchema>;

/** Whether Zoho Analytics is configured: all the public may know. */
export const zohoStatusSchema = z.object({ configured: z.boolean() });

/** What the admin sees of the stored configuration: never a secret, only whether it is set. */
export const zohoAdminConfigSchema = namedObject('ZohoConfig', 'The Zoho Analytics configuration without its secrets (only whether each is set).', {
  configured: z.boolean(),
  workspaceId: z.string(),
  clientId: z.string(),
  dataCentre: z.enum(ZOHO_DATA_CENTRES),
  clientSecretSet: z.boolean(),
  refreshTokenSet: z.boolean(),
  energyMixViewId: z.string(),
  energyDashboardUrl: z.string(),
  marketDashboardUrl: z.string(),
  regionalDashboardUrl: z.string(),
  forecastDashboardUrl: z.string(),
  lastTestedAt: z.nullable(isoDateTime),
  lastTestOk: z.nullable(z.boolean()),
  lastTestMessage: z.nullable(z.string()),
  /** The stored secrets cannot be opened with the server's APP_SECRET (it changed since they were saved). */
  secretsUnreadable: about(z.boolean(), 'The stored secrets cannot be opened with the server’s APP_SECRET (it changed since they were saved).'),
});
export type ZohoAdminConfig = z.output<typeof zohoAdminConfigSchema>;

const zohoNamed = z.object({ id: z.string(), name: z.string() });

/** `POST /api/zoho/test-connection`'s answer: a failed test is a result, with Zoho's reason. */
export const zohoTestResultSchema = namedObject('ZohoTestResult', {
  success: z.boolean(),
  message: z.string(),
  organization: z.optional(zohoNamed),
  workspace: z.optional(zohoNamed),
  dashboards: z.optional(z.array(zohoNamed)),
});
export type ZohoTestResult = z.output<typeof zohoTestResultSchema>;
