import { ZOHO_DASHBOARD_FIELDS, type ZohoConfigForm } from '@/lib/validation/zoho';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';

/** The Zoho tab's sub-tabs: two hold fields of the one form, the third is the setup guide. */
export type ZohoSection = 'credentials' | 'dashboards' | 'guide';

/** The id of a field of the Zoho form. */
export const zohoFieldId = (name: keyof ZohoConfigForm) => `zoho-${name}`;

/** The form's values for the stored configuration: the secrets blank, since a blank secret keeps the stored one. */
export function zohoFormValues(config: ZohoAdminConfig): ZohoConfigForm {
  return {
    workspaceId: config.workspaceId,
    clientId: config.clientId,
    clientSecret: '',
    refreshToken: '',
    dataCentre: config.dataCentre,
    energyMixViewId: config.energyMixViewId,
    energyDashboardUrl: config.energyDashboardUrl,
    marketDashboardUrl: config.marketDashboardUrl,
    regionalDashboardUrl: config.regionalDashboardUrl,
    forecastDashboardUrl: config.forecastDashboardUrl,
  };
}

/** The sub-tab that holds a field: the dashboard URLs, else the credentials. */
export function sectionOf(field: string): ZohoSection {
  return (ZOHO_DASHBOARD_FIELDS as readonly string[]).includes(field) ? 'dashboards' : 'credentials';
}
