import type { EnergyMixEntry } from '@/lib/wire/markets';
import { zohoConfigSchema } from '@/lib/validation/zoho';
import type { ZohoAdminConfig, ZohoTestResult } from '@/lib/wire/analytics';
import { loadConfig } from '@/server/config';
import { BadRequestError, ValidationError, messages } from '@/server/errors';
import { parseBody } from '@/server/http';
import type { OutboundOptions } from '@/server/integrations/outbound';
import { energyMixFromRows, ZOHO_HOSTS, ZohoClient, ZohoError, type ZohoOrg } from '@/server/integrations/zoho';
import { claimZohoMixFetch, finishZohoMixFetch, getZohoRow, saveZohoRow, updateZohoRow, type ZohoRow } from '@/server/queries/zoho-config';
import { canOpenSecret, openSecret, sealSecret } from '@/server/secret-box';
import { contentChanged } from '@/server/content-changes';

export type { ZohoRow } from '@/server/queries/zoho-config';
/** How long an energy mix read from Zoho is served before it is read again. */
export const ZOHO_MIX_TTL_MS = 15 * 60_000;
/**
 * How long the readers of a page wait for the one read of the energy mix in progress elsewhere
 * (its calls time out after 5 s each) before they show what was read last.
 */
const ZOHO_MIX_WAIT_MS = 8_000;
/** How often a waiting reader looks whether that read has finished. */
const ZOHO_MIX_POLL_MS = 100;

const seal = (value: string) => sealSecret(new TextEncoder().encode(value));
const open = (sealed: string) => openSecret(sealed).toString('utf8');

/** The public status: whether a connection is configured. */
export async function getZohoStatus(): Promise<{ configured: boolean }> {
  return { configured: (await getZohoRow()) !== undefined };
}

/** The dashboards the Analytics tab shows: the framed energy dashboard and links to the others. */
export function dashboardsOf(row: ZohoRow | undefined): { energy: string | null; others: { label: string; url: string }[] } {
  const others = [
    { label: 'Market dashboard', url: row?.marketDashboardUrl },
    { label: 'Regional dashboard', url: row?.regionalDashboardUrl },
    { label: 'Forecast dashboard', url: row?.forecastDashboardUrl },
  ].flatMap((d) => (d.url ? [{ label: d.label, url: d.url }] : []));
  return { energy: row?.energyDashboardUrl ?? null, others };
}

/** The stored configuration as the admin may see it: secrets only as "set" flags. */
export async function getZohoAdminConfig(): Promise<ZohoAdminConfig> {
  const row = await getZohoRow();
  return {
    configured: row !== undefined,
    workspaceId: row?.workspaceId ?? '',
    clientId: row?.clientId ?? '',
    dataCentre: row?.dataCentre ?? 'US',
    clientSecretSet: row !== undefined,
    refreshTokenSet: Boolean(row?.refreshTokenSealed),
    energyMixViewId: row?.energyMixViewId ?? '',
    energyDashboardUrl: row?.energyDashboardUrl ?? '',
    marketDashboardUrl: row?.marketDashboardUrl ?? '',
    regionalDashboardUrl: row?.regionalDashboardUrl ?? '',
    forecastDashboardUrl: row?.forecastDashboardUrl ?? '',
    lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
    lastTestOk: row?.lastTestOk ?? null,
    lastTestMessage: row?.lastTestMessage ?? null,
    // Sealed with another APP_SECRET: the admin must enter them again (or the key be set back).
    secretsUnreadable: row !== undefined && [row.clientSecretSealed, row.refreshTokenSealed].some((sealed) => sealed && !canOpenSecret(sealed)),
  };
}

/**
 * Saves the configuration the Zoho form sent, checked with its shared schema: the client
 * secret is required until one is stored, and a blank secret keeps the stored one. Changing
 * credentials, data center or workspace drops the cached token, organization and energy
 * mix, so nothing read with the old settings is served again.
 */
export async function saveZohoConfig(body: Record<string, unknown>): Promise<ZohoAdminConfig> {
  const existing = await getZohoRow();
  const input = parseBody(zohoConfigSchema(existing !== undefined), body);
  const clientSecretSealed = input.clientSecret ? seal(input.clientSecret) : existing?.clientSecretSealed;
  if (!clientSecretSealed) throw new ValidationError({ clientSecret: [messages.clientSecretRequired] });
  const refreshTokenSealed = input.refreshToken ? seal(input.refreshToken) : (existing?.refreshTokenSealed ?? null);
  const connectionChanged =
    !existing ||
    input.clientSecret !== '' ||
    input.refreshToken !== '' ||
    existing.clientId !== input.clientId ||
    existing.dataCentre !== input.dataCentre ||
    existing.workspaceId !== input.workspaceId;
  const viewChanged = !existing || existing.energyMixViewId !== (input.energyMixViewId || null);
  const values = {
    workspaceId: input.workspaceId,
    clientId: input.clientId,
    clientSecretSealed,
    refreshTokenSealed,
    dataCentre: input.dataCentre,
    energyMixViewId: input.energyMixViewId || null,
    energyDashboardUrl: input.energyDashboardUrl || null,
    marketDashboardUrl: input.marketDashboardUrl || null,
    regionalDashboardUrl: input.regionalDashboardUrl || null,
    forecastDashboardUrl: input.forecastDashboardUrl || null,
    updatedAt: new Date(),
    ...(connectionChanged
      ? { orgId: null, accessTokenSealed: null, accessTokenExpiresAt: null, lastTestedAt: null, lastTestOk: null, lastTestMessage: null }
      : {}),
    ...(connectionChanged || viewChanged ? { energyMixCache: null, energyMixFetchedAt: null } : {}),
  };
  await saveZohoRow(values);
  // The Analytics tab and the energy mix on cached pages depend on this.
  await contentChanged({ entity: 'zoho-config', id: 1, action: existing ? 'updated' : 'created' }, { kind: 'zoho' });
  return getZohoAdminConfig();
}

/** A client for the stored configuration, its access token cached in the row. */
function clientFor(row: ZohoRow, outbound: OutboundOptions = { attempts: 2, timeoutMs: 15_000, backoffMs: 500 }): ZohoClient {
  if (!row.refreshTokenSealed) throw new ZohoError(messages.zohoRefreshTokenMissing);
  let credentials: { clientId: string; clientSecret: string; refreshToken: string };
  try {
    credentials = { clientId: row.clientId, clientSecret: open(row.clientSecretSealed), refreshToken: open(row.refreshTokenSealed) };
  } catch {
    throw new ZohoError(messages.zohoSecretsUnreadable);
  }
  const config = loadConfig();
  const fixed = ZOHO_HOSTS[row.dataCentre];
  const hosts = { accounts: config.zohoAccountsUrl ?? fixed.accounts, analytics: config.zohoAnalyticsUrl ?? fixed.analytics };
  return new ZohoClient(
    credentials,
    hosts,
    {
      read: async () => {
        const current = await getZohoRow();
        if (!current?.accessTokenSealed || !current.accessTokenExpiresAt) return undefined;
        try {
          return { token: open(current.accessTokenSealed), expiresAt: current.accessTokenExpiresAt.getTime() };
        } catch {
          return undefined;
        }
      },
      write: (token, expiresAt) => updateZohoRow({ accessTokenSealed: seal(token), accessTokenExpiresAt: new Date(expiresAt) }),
    },
    outbound,
  );
}

/**
 * The organization that holds the workspace, read from Zoho's own org list:
 * each organization is tried in turn, the remembered one first, then the default.
 */
async function findWorkspace(client: ZohoClient, row: ZohoRow) {
  const orgs = await client.listOrgs();
  if (orgs.length === 0) throw new ZohoError(messages.zohoNoOrganisation);
  const rank = (org: ZohoOrg) => (org.orgId === row.orgId ? 2 : org.isDefault ? 1 : 0);
  orgs.sort((a, b) => rank(b) - rank(a));
  let lastError: ZohoError | undefined;
  for (const org of orgs) {
    try {
      return { org, workspace: await client.getWorkspace(org.orgId, row.workspaceId) };
    } catch (error) {
      if (!(error instanceof ZohoError)) throw error;
      lastError = error;
    }
  }
  throw new ZohoError(orgs.length === 1 && lastError ? lastError.message : messages.zohoWorkspaceMissing(row.workspaceId));
}

/** Tests the stored configuration against Zoho and records the outcome. */
export async function testZohoConnection(): Promise<ZohoTestResult> {
  const row = await getZohoRow();
  if (!row) throw new BadRequestError(messages.zohoNotConfigured);
  let result: ZohoTestResult;
  let orgId: string | null = row.orgId;
  try {
    const client = clientFor(row);
    const { org, workspace } = await findWorkspace(client, row);
    orgId = org.orgId;
    const dashboards = await client.listDashboards(org.orgId, row.workspaceId);
    result = {
      success: true,
      message: messages.zohoConnected,
      organization: { id: org.orgId, name: org.orgName },
      workspace: { id: workspace.workspaceId, name: workspace.workspaceName },
      dashboards: dashboards.map((d) => ({ id: d.viewId, name: d.viewName })),
    };
  } catch (error) {
    if (!(error instanceof ZohoError)) throw error;
    result = { success: false, message: error.message };
  }
  await updateZohoRow({ orgId, lastTestedAt: new Date(), lastTestOk: result.success, lastTestMessage: result.message });
  return result;
}

function parseCachedMix(json: string | null): EnergyMixEntry[] | undefined {
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) && parsed.length > 0 ? (parsed as EnergyMixEntry[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The energy mix from the configured Zoho data view, read at most every 15 minutes by one
 * reader in any process (a claim on the row): readers meanwhile wait for that read, then
 * serve its answer. While Zoho fails the last good read serves (or nothing), and Zoho is asked
 * again only after another 15 minutes.
 */
export async function getZohoEnergyMix(row?: ZohoRow): Promise<EnergyMixEntry[] | undefined> {
  if (!row?.energyMixViewId || !row.refreshTokenSealed) return undefined;
  const now = Date.now();
  const fetchedAt = row.energyMixFetchedAt?.getTime();
  // A time ahead of now marks a read in progress (the claim's lease).
  if (fetchedAt !== undefined && fetchedAt > now) return waitForZohoMix(fetchedAt);
  if (fetchedAt !== undefined && now - fetchedAt < ZOHO_MIX_TTL_MS) return parseCachedMix(row.energyMixCache);
  const leaseUntil = new Date(now + ZOHO_MIX_WAIT_MS);
  if (!(await claimZohoMixFetch(new Date(now - ZOHO_MIX_TTL_MS), leaseUntil))) {
    // Another reader claimed it first (or the configuration changed): read the row as it is now.
    const current = await getZohoRow();
    const claimedAt = current?.energyMixFetchedAt?.getTime();
    if (!current?.energyMixViewId || claimedAt === undefined || claimedAt <= now) return parseCachedMix(current?.energyMixCache ?? null);
    return waitForZohoMix(claimedAt);
  }
  let mix = parseCachedMix(row.energyMixCache);
  let update: Partial<ZohoRow> = {};
  try {
    // Pages wait for this: one quick attempt; the cache and the fallbacks cover a slow Zoho.
    const client = clientFor(row, { attempts: 1, timeoutMs: 5_000 });
    const orgId = row.orgId ?? (await findWorkspace(client, row)).org.orgId;
    const fresh = energyMixFromRows(await client.exportView(orgId, row.workspaceId, row.energyMixViewId));
    if (fresh.length === 0) throw new ZohoError(messages.zohoMixViewUnusable);
    mix = fresh;
    update = { orgId, energyMixCache: JSON.stringify(fresh) };
  } catch (error) {
    if (!(error instanceof ZohoError)) throw error;
    console.error(`Zoho energy mix: ${error.message}`);
  } finally {
    // The read's finish time ends the claim (also when it failed): the next read is due 15 minutes on.
    await finishZohoMixFetch(leaseUntil, {
      ...update,
      energyMixFetchedAt: new Date(Math.max(now, Math.min(Date.now(), now + ZOHO_MIX_WAIT_MS - 1))),
    });
  }
  return mix;
}

/** Waits (at most until the claim's lease ends) for the read of the energy mix in progress, then answers what is stored. */
async function waitForZohoMix(leaseUntil: number): Promise<EnergyMixEntry[] | undefined> {
  for (;;) {
    const row = await getZohoRow();
    const fetchedAt = row?.energyMixFetchedAt?.getTime();
    if (fetchedAt !== leaseUntil || Date.now() >= leaseUntil) return parseCachedMix(row?.energyMixCache ?? null);
    await new Promise((resolve) => setTimeout(resolve, ZOHO_MIX_POLL_MS));
  }
}
