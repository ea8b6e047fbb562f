import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ZOHO_DATA_CENTRES } from '../constants.ts';

/**
 * The Zoho Analytics connection (one row, id 1). The client secret, refresh token and
 * cached access token are sealed with AES-256-GCM (src/server/secret-box.ts).
 */
export const zohoConfig = sqliteTable('zoho_config', {
  id: integer('id').primaryKey(),
  workspaceId: text('workspace_id').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed'),
  dataCentre: text('data_centre', { enum: ZOHO_DATA_CENTRES }).notNull().default('US'),
  energyDashboardUrl: text('energy_dashboard_url'),
  marketDashboardUrl: text('market_dashboard_url'),
  regionalDashboardUrl: text('regional_dashboard_url'),
  forecastDashboardUrl: text('forecast_dashboard_url'),
  /** A Zoho view (table or report) with the energy mix: a source and a percentage column. */
  energyMixViewId: text('energy_mix_view_id'),
  /** The organization found in Zoho's org list at the last successful call. */
  orgId: text('org_id'),
  accessTokenSealed: text('access_token_sealed'),
  accessTokenExpiresAt: integer('access_token_expires_at', { mode: 'timestamp_ms' }),
  lastTestedAt: integer('last_tested_at', { mode: 'timestamp_ms' }),
  lastTestOk: integer('last_test_ok', { mode: 'boolean' }),
  lastTestMessage: text('last_test_message'),
  /** The energy mix last read from the data view, JSON, and when. */
  energyMixCache: text('energy_mix_cache'),
  energyMixFetchedAt: integer('energy_mix_fetched_at', { mode: 'timestamp_ms' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
