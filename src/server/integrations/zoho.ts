import type { ZohoDataCentre } from '@/lib/validation/zoho';
import { messages } from '@/server/errors';
import { fetchPolitely, OutboundNetworkError, readJson, type OutboundOptions } from '@/server/integrations/outbound';

/**
 * Zoho's fixed hosts per data center: the accounts server issues tokens,
 * the analytics API server answers the REST API. No other host is ever called.
 */
export const ZOHO_HOSTS: Record<ZohoDataCentre, { accounts: string; analytics: string }> = {
  US: { accounts: 'https://accounts.zoho.com', analytics: 'https://analyticsapi.zoho.com' },
  EU: { accounts: 'https://accounts.zoho.eu', analytics: 'https://analyticsapi.zoho.eu' },
  IN: { accounts: 'https://accounts.zoho.in', analytics: 'https://analyticsapi.zoho.in' },
  AU: { accounts: 'https://accounts.zoho.com.au', analytics: 'https://analyticsapi.zoho.com.au' },
  JP: { accounts: 'https://accounts.zoho.jp', analytics: 'https://analyticsapi.zoho.jp' },
  CN: { accounts: 'https://accounts.zoho.com.cn', analytics: 'https://analyticsapi.zoho.com.cn' },
  SA: { accounts: 'https://accounts.zoho.sa', analytics: 'https://analyticsapi.zoho.sa' },
  CA: { accounts: 'https://accounts.zohocloud.ca', analytics: 'https://analyticsapi.zohocloud.ca' },
};

/** Zoho's error code for an expired or revoked access token. */
const TOKEN_EXPIRED = 8535;
/** Tokens are refreshed this long before Zoho says they expire. */
const EXPIRY_MARGIN_MS = 60_000;

/** A failure talking to Zoho, with a message fit to show the administrator. */
export class ZohoError extends Error {
  readonly code: string | number | undefined;

  constructor(message: string, code?: string | number) {
    super(message);
    this.name = 'ZohoError';
    this.code = code;
  }
}

export interface ZohoCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/** Where access tokens are kept between requests (the database, so every process shares them). */
export interface TokenStore {
  read(): Promise<{ token: string; expiresAt: number } | undefined>;
  write(token: string, expiresAt: number): Promise<void>;
}

export interface ZohoOrg {
  orgId: string;
  orgName: string;
  isDefault: boolean;
}

export interface ZohoView {
  viewId: string;
  viewName: string;
}

const TOKEN_ERRORS: Record<string, string> = {
  invalid_code: messages.zohoRefreshTokenRejected,
  invalid_client: messages.zohoClientIdRejected,
  invalid_client_secret: messages.zohoClientSecretRejected,
};

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** An id or name from Zoho's JSON (ids are numbers or numeric strings), else `fallback`. */
function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

/** The message of Zoho's error envelope: {status: "failure", data: {errorCode, errorMessage}}. */
function envelopeError(body: unknown, status: number): ZohoError {
  const data = asRecord(asRecord(body)?.['data']);
  const code = data?.['errorCode'];
  const message = data?.['errorMessage'];
  if (typeof message === 'string' && message) {
    return new ZohoError(messages.zohoSaid(message, typeof code === 'number' || typeof code === 'string' ? code : undefined), code as number);
  }
  return new ZohoError(messages.zohoHttp(status));
}

/**
 * A client of the Zoho Analytics REST API v2: OAuth refresh-token grant at the accounts
 * host, `Authorization: Zoho-oauthtoken …` and `ZANALYTICS-ORGID` on API calls.
 */
export class ZohoClient {
  private readonly credentials: ZohoCredentials;
  private readonly hosts: { accounts: string; analytics: string };
  private readonly tokens: TokenStore;
  private readonly options: OutboundOptions;

  constructor(credentials: ZohoCredentials, hosts: { accounts: string; analytics: string }, tokens: TokenStore, options: OutboundOptions = {}) {
    this.credentials = credentials;
    this.hosts = hosts;
    this.tokens = tokens;
    this.options = options;
  }

  /** A valid access token: the stored one while it lives, else a fresh one. */
  async accessToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh) {
      const cached = await this.tokens.read();
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    }
    const body = new URLSearchParams({
      refresh_token: this.credentials.refreshToken,
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
      grant_type: 'refresh_token',
    });
    const response = await this.send(`${this.hosts.accounts}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = asRecord(await readJson(response));
    // Zoho answers some failures with HTTP 200 and an `error` field.
    const error = json?.['error'];
    if (typeof error === 'string') {
      const description = typeof json?.['error_description'] === 'string' ? ` ${String(json['error_description'])}` : '';
      throw new ZohoError(TOKEN_ERRORS[error] ?? messages.zohoTokenRefused(error, description), error);
    }
    const token = json?.['access_token'];
    if (!response.ok || typeof token !== 'string' || !token) {
      throw new ZohoError(messages.zohoNoAccessToken(response.status));
    }
    const expiresIn = Number(json?.['expires_in'] ?? 3600);
    await this.tokens.write(token, Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000);
    return token;
  }

  /** The organizations the token's user belongs to. */
  async listOrgs(): Promise<ZohoOrg[]> {
    const data = await this.api('/restapi/v2/orgs');
    const orgs = asRecord(data)?.['orgs'];
    if (!Array.isArray(orgs)) throw new ZohoError(messages.zohoUnexpectedShape('the organization list'));
    return orgs.flatMap((o) => {
      const org = asRecord(o);
      const orgId = text(org?.['orgId']);
      if (!org || !orgId) return [];
      return [{ orgId, orgName: text(org['orgName'], orgId), isDefault: org['isDefault'] === true }];
    });
  }

  /** The workspace's name, or a ZohoError when the organization has no such workspace. */
  async getWorkspace(orgId: string, workspaceId: string): Promise<{ workspaceId: string; workspaceName: string }> {
    const data = await this.api(`/restapi/v2/workspaces/${encodeURIComponent(workspaceId)}`, orgId);
    const workspace = asRecord(asRecord(data)?.['workspaces']);
    if (!workspace) throw new ZohoError(messages.zohoUnexpectedShape('the workspace'));
    return { workspaceId: text(workspace['workspaceId'], workspaceId), workspaceName: text(workspace['workspaceName'], workspaceId) };
  }

  /** The workspace's dashboards. */
  async listDashboards(orgId: string, workspaceId: string): Promise<ZohoView[]> {
    const data = await this.api(`/restapi/v2/workspaces/${encodeURIComponent(workspaceId)}/dashboards`, orgId);
    const views = asRecord(data)?.['views'];
    if (!Array.isArray(views)) return [];
    return views.flatMap((v) => {
      const view = asRecord(v);
      const viewId = text(view?.['viewId']);
      return viewId ? [{ viewId, viewName: text(view?.['viewName'], viewId) }] : [];
    });
  }

  /** The rows of a view (table or report), exported as JSON. */
  async exportView(orgId: string, workspaceId: string, viewId: string): Promise<Record<string, unknown>[]> {
    const config = encodeURIComponent(JSON.stringify({ responseFormat: 'json' }));
    const path = `/restapi/v2/workspaces/${encodeURIComponent(workspaceId)}/views/${encodeURIComponent(viewId)}/data?CONFIG=${config}`;
    const body = await this.call(path, orgId);
    const rows = asRecord(body)?.['data'];
    if (!Array.isArray(rows)) throw new ZohoError(messages.zohoUnexpectedShape('the view export'));
    return rows.flatMap((r) => (asRecord(r) ? [r as Record<string, unknown>] : []));
  }

  /** An API call answering Zoho's `data` member. */
  private async api(path: string, orgId?: string): Promise<unknown> {
    return asRecord(await this.call(path, orgId))?.['data'];
  }

  /** A GET on the analytics host; an expired token is refreshed once and the call repeated. */
  private async call(path: string, orgId?: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Authorization: `Zoho-oauthtoken ${await this.accessToken(attempt > 0)}`, Accept: 'application/json' };
      if (orgId) headers['ZANALYTICS-ORGID'] = orgId;
      const response = await this.send(`${this.hosts.analytics}${path}`, { headers });
      const body = await readJson(response);
      const code = asRecord(asRecord(body)?.['data'])?.['errorCode'];
      if (response.ok && asRecord(body)?.['status'] !== 'failure') return body;
      if (Number(code) === TOKEN_EXPIRED && attempt === 0) continue;
      throw envelopeError(body, response.status);
    }
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchPolitely(url, init, this.options);
    } catch (error) {
      if (error instanceof OutboundNetworkError) throw new ZohoError(messages.zohoUnreachable(error.host));
      throw error;
    }
  }
}

/**
 * The energy mix in a view's rows: the first text column names the source, the first
 * numeric column its amount; amounts become shares of their total, in percent.
 */
export function energyMixFromRows(rows: Record<string, unknown>[]): { source: string; percentage: number }[] {
  const first = rows[0];
  if (!first) return [];
  const numeric = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/[,%\s]/g, '')) : NaN);
  const keys = Object.keys(first);
  const valueKey = keys.find((k) => rows.every((r) => Number.isFinite(numeric(r[k]))));
  const sourceKey = keys.find((k) => k !== valueKey && rows.every((r) => typeof r[k] === 'string' && !Number.isFinite(numeric(r[k]))));
  if (!valueKey || !sourceKey) return [];
  const entries = rows.map((r) => ({ source: String(r[sourceKey]).trim(), amount: numeric(r[valueKey]) })).filter((e) => e.source && e.amount > 0);
  const total = entries.reduce((sum, e) => sum + e.amount, 0);
  if (total <= 0) return [];
  return entries.map((e) => ({ source: e.source, percentage: Math.round((e.amount / total) * 1000) / 10 }));
}
