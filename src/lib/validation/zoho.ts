import * as z from '@/lib/validation/zod-mini';

import { ZOHO_DATA_CENTRES, type ZohoDataCentre } from '@db/constants';

export { ZOHO_DATA_CENTRES, type ZohoDataCentre };

export const ZOHO_DATA_CENTRE_LABELS: Record<ZohoDataCentre, string> = {
  US: 'United States (zoho.com)',
  EU: 'Europe (zoho.eu)',
  IN: 'India (zoho.in)',
  AU: 'Australia (zoho.com.au)',
  JP: 'Japan (zoho.jp)',
  CN: 'China (zoho.com.cn)',
  SA: 'Saudi Arabia (zoho.sa)',
  CA: 'Canada (zohocloud.ca)',
};

export const ZOHO_DASHBOARD_FIELDS = ['energyDashboardUrl', 'marketDashboardUrl', 'regionalDashboardUrl', 'forecastDashboardUrl'] as const;
export type ZohoDashboardField = (typeof ZOHO_DASHBOARD_FIELDS)[number];

export const ZOHO_DASHBOARD_LABELS: Record<ZohoDashboardField, string> = {
  energyDashboardUrl: 'Energy dashboard URL',
  marketDashboardUrl: 'Market dashboard URL',
  regionalDashboardUrl: 'Regional dashboard URL',
  forecastDashboardUrl: 'Forecast dashboard URL',
};

/** Whether a string is an absolute http(s) URL: the only kind a page may frame or link to. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const dashboardUrl = z._default(
  z.string({ error: 'Must be a valid URL' }).check(
    z.trim(),
    z.maxLength(2000, 'Must be at most 2000 characters'),
    z.refine((v) => v === '' || isWebUrl(v), 'Must be a valid URL'),
  ),
  '',
);

const zohoId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, `${label} must be at most 100 characters`));

/** A secret field; blank (or absent) keeps what is stored. The default applies before any check on it. */
const secret = () => z._default(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(1000, 'Must be at most 1000 characters')), '');

/**
 * The Zoho Configuration form and `POST /api/admin/zoho-config`.
 * A stored client secret or refresh token is never sent back, so a blank one keeps what
 * is stored: `secretStored` says whether there is one to keep.
 */
export function zohoConfigSchema(secretStored: boolean) {
  return z.object({
    workspaceId: zohoId('Workspace ID').check(z.regex(/^\d+$/, 'Workspace ID is the number in the workspace URL')),
    clientId: zohoId('Client ID'),
    clientSecret: secretStored ? secret() : secret().check(z.refine((v) => v !== '', 'Client Secret is required')),
    refreshToken: secret(),
    dataCentre: z._default(z.enum(ZOHO_DATA_CENTRES, { error: 'Choose a data center' }), 'US'),
    energyMixViewId: z._default(
      z.string({ error: 'Must be text' }).check(z.trim(), z.regex(/^\d*$/, 'The view ID is the number in the view URL'), z.maxLength(100)),
      '',
    ),
    energyDashboardUrl: dashboardUrl,
    marketDashboardUrl: dashboardUrl,
    regionalDashboardUrl: dashboardUrl,
    forecastDashboardUrl: dashboardUrl,
  });
}

export type ZohoConfigInput = z.output<ReturnType<typeof zohoConfigSchema>>;
export type ZohoConfigForm = z.input<ReturnType<typeof zohoConfigSchema>>;
