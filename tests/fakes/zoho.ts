import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeServer } from './http.ts';

/**
 * A local stand-in for Zoho's accounts and Analytics API v2 hosts, with their real shapes:
 * token failures as HTTP 200 with an `error` field, `{status, summary, data}` envelopes,
 * errors as `{status: "failure", data: {errorCode, errorMessage}}`, 8535 for a dead token.
 */
export interface FakeZoho extends FakeServer {
  state: {
    clientId: string;
    clientSecret: string;
    refreshToken: string;
    orgs: { orgId: string; orgName: string; isDefault: boolean }[];
    /** Workspace id → the org that holds it, its name and dashboards. */
    workspaces: Map<string, { orgId: string; name: string; dashboards: string[] }>;
    /** View id → exported rows. */
    views: Map<string, Record<string, unknown>[]>;
    tokens: Set<string>;
  };
  /** Invalidates every issued access token (the next API call gets error 8535). */
  expireTokens: () => void;
}

export const FAKE_ZOHO = {
  clientId: '1000.FAKECLIENTID',
  clientSecret: 'fake-client-secret-value',
  refreshToken: '1000.fake-refresh-token-value',
  orgId: '55522777',
  workspaceId: '35130000001055707',
  mixViewId: '35130000001066001',
};

const failure = (status: number, errorCode: number, errorMessage: string) => ({
  status,
  body: { status: 'failure', summary: 'Error', data: { errorCode, errorMessage } },
});

export async function startFakeZoho(port = 0): Promise<FakeZoho> {
  const state: FakeZoho['state'] = {
    clientId: FAKE_ZOHO.clientId,
    clientSecret: FAKE_ZOHO.clientSecret,
    refreshToken: FAKE_ZOHO.refreshToken,
    orgs: [
      { orgId: '11100000', orgName: 'Another Org', isDefault: false },
      { orgId: FAKE_ZOHO.orgId, orgName: 'Energy Newsroom', isDefault: true },
    ],
    workspaces: new Map([
      [FAKE_ZOHO.workspaceId, { orgId: FAKE_ZOHO.orgId, name: 'Energy Markets', dashboards: ['US Energy Dashboard', 'Regional Outlook'] }],
    ]),
    views: new Map([
      [
        FAKE_ZOHO.mixViewId,
        [
          { Source: 'Natural Gas', 'Share %': '41.0' },
          { Source: 'Renewables', 'Share %': '24.0' },
          { Source: 'Coal', 'Share %': '16.0' },
          { Source: 'Nuclear', 'Share %': '19.0' },
        ],
      ],
    ]),
    tokens: new Set(),
  };
  const server = await startFakeServer((req) => {
    if (req.path === '/oauth/v2/token' && req.method === 'POST') {
      const params = new URLSearchParams(req.body || req.query.toString());
      if (params.get('grant_type') !== 'refresh_token') return { status: 200, body: { error: 'unsupported_grant_type' } };
      if (params.get('client_id') !== state.clientId) return { status: 200, body: { error: 'invalid_client' } };
      if (params.get('client_secret') !== state.clientSecret) return { status: 200, body: { error: 'invalid_client_secret' } };
      if (params.get('refresh_token') !== state.refreshToken) return { status: 200, body: { error: 'invalid_code' } };
      const token = `1000.${randomBytes(16).toString('hex')}`;
      state.tokens.add(token);
      return { status: 200, body: { access_token: token, api_domain: 'https://www.zohoapis.com', token_type: 'Bearer', expires_in: 3600 } };
    }
    // A published dashboard, as the site frames it.
    if (req.path.startsWith('/open-view/')) {
      return { status: 200, body: '<!doctype html><title>Fake dashboard</title><h1>Fake Zoho dashboard</h1>' };
    }
    if (!req.path.startsWith('/restapi/v2/')) return failure(404, 8504, 'The requested URL is not found.');
    const auth = /^Zoho-oauthtoken (.+)$/.exec(String(req.headers['authorization'] ?? ''))?.[1];
    if (!auth || !state.tokens.has(auth)) return failure(401, 8535, 'Invalid OAuth access token.');
    if (req.path === '/restapi/v2/orgs')
      return { status: 200, body: { status: 'success', summary: 'Get organizations', data: { orgs: state.orgs } } };
    const orgId = String(req.headers['zanalytics-orgid'] ?? '');
    if (!state.orgs.some((o) => o.orgId === orgId))
      return failure(400, 8083, 'The organization ID specified in the ZANALYTICS-ORGID header is invalid.');
    const match = /^\/restapi\/v2\/workspaces\/(\d+)(\/dashboards|\/views\/(\d+)\/data)?$/.exec(req.path);
    const workspace = match ? state.workspaces.get(match[1] ?? '') : undefined;
    if (!match || !workspace || workspace.orgId !== orgId) return failure(400, 7103, 'Workspace not found. Check the workspace ID in the URL.');
    if (!match[2]) {
      return {
        status: 200,
        body: {
          status: 'success',
          summary: 'Get workspace details',
          data: { workspaces: { workspaceId: match[1], workspaceName: workspace.name, orgId } },
        },
      };
    }
    if (match[2] === '/dashboards') {
      const views = workspace.dashboards.map((name, i) => ({ viewId: `3513000000200${i}`, viewName: name, viewType: 'Dashboard' }));
      return { status: 200, body: { status: 'success', summary: 'Get dashboards', data: { views } } };
    }
    const rows = state.views.get(match[3] ?? '');
    if (!rows) return failure(400, 7138, 'View not found.');
    const config = JSON.parse(req.query.get('CONFIG') ?? '{}') as { responseFormat?: string };
    if (config.responseFormat !== 'json') return failure(400, 8504, 'responseFormat is required.');
    return { status: 200, body: { data: rows } };
  }, port);
  return { ...server, state, expireTokens: () => state.tokens.clear() };
}
