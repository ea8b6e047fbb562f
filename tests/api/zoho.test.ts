import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zohoConfig } from '@db/schema';
import { FALLBACK_ENERGY_MIX } from '@/lib/dashboard';
import { FAKE_ZOHO, startFakeZoho } from '../fakes/zoho.ts';
import { apiClient } from '../helpers/api-client.ts';
import { useFake } from '../helpers/suite.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'zoho-admin-password';
const zoho = useFake(() => startFakeZoho());
const server = useTestServer(() => ({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true', ZOHO_ACCOUNTS_URL: zoho.url, ZOHO_ANALYTICS_URL: zoho.url }));
const api = apiClient(server, PASSWORD);
let cookie: string;
beforeAll(async () => (cookie = await api.signIn()));

const validConfig = {
  workspaceId: FAKE_ZOHO.workspaceId,
  clientId: FAKE_ZOHO.clientId,
  clientSecret: FAKE_ZOHO.clientSecret,
  refreshToken: FAKE_ZOHO.refreshToken,
  dataCentre: 'EU',
  energyMixViewId: '',
  energyDashboardUrl: 'https://analytics.zoho.eu/open-view/35130000002000',
  marketDashboardUrl: '',
  regionalDashboardUrl: '',
  forecastDashboardUrl: '',
};

beforeEach(() => {
  zoho.requests.length = 0;
});

const save = (body: Record<string, unknown>) => api.call('POST', '/api/admin/zoho-config', { body, cookie });
const test = () => api.call('POST', '/api/zoho/test-connection', { cookie });

describe('Zoho configuration', () => {
  it('is admin-only to write and test, and public only as a configured flag', async () => {
    expect((await api.call('POST', '/api/admin/zoho-config', { body: validConfig })).status).toBe(401);
    expect((await api.call('POST', '/api/zoho/test-connection')).status).toBe(401);
    expect((await api.call('GET', '/api/admin/zoho-config')).status).toBe(401);
    const status = await api.call('GET', '/api/zoho/config');
    expect(status.json).toEqual({ configured: false });
    expect((await test()).status).toBe(400);
  });

  it('answers the spec validation messages', async () => {
    const res = await save({
      workspaceId: '',
      clientId: '',
      clientSecret: '',
      energyDashboardUrl: 'not a url',
      marketDashboardUrl: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect(res.json['errors']).toMatchObject({
      workspaceId: ['Workspace ID is required'],
      clientId: ['Client ID is required'],
      clientSecret: ['Client Secret is required'],
      energyDashboardUrl: ['Must be a valid URL'],
      marketDashboardUrl: ['Must be a valid URL'],
    });
    expect((await save({ ...validConfig, dataCentre: 'MARS' })).json['errors']).toHaveProperty('dataCentre');
    expect(await server.database.db.select().from(zohoConfig)).toHaveLength(0);
  });

  it('stores the secrets encrypted and never sends them back', async () => {
    const res = await save(validConfig);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(FAKE_ZOHO.clientSecret);
    expect(res.text).not.toContain(FAKE_ZOHO.refreshToken);
    expect(res.json).toMatchObject({
      configured: true,
      workspaceId: FAKE_ZOHO.workspaceId,
      clientSecretSet: true,
      refreshTokenSet: true,
      dataCentre: 'EU',
    });

    const [row] = await server.database.db.select().from(zohoConfig);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(FAKE_ZOHO.clientSecret);
    expect(stored).not.toContain(FAKE_ZOHO.refreshToken);
    expect(row?.clientSecretSealed).toMatch(/^v1\./);

    const admin = await api.call('GET', '/api/zoho/config', { cookie });
    expect(admin.json).toMatchObject({ configured: true, clientId: FAKE_ZOHO.clientId, refreshTokenSet: true });
    expect(admin.text).not.toContain(FAKE_ZOHO.clientSecret);
    expect((await api.call('GET', '/api/zoho/config')).json).toEqual({ configured: true });

    // The Analytics tab frames exactly the configured host.
    const page = await fetch(`${server.url}/analytics?tab=analytics`);
    const html = await page.text();
    expect(html.includes('src="https://analytics.zoho.eu/open-view/35130000002000"')).toBe(true);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/frame-src https:\/\/analytics\.zoho\.eu(;|$)/);
  });

  it('keeps a stored secret when the form leaves it blank', async () => {
    const res = await save({ ...validConfig, clientSecret: '', refreshToken: '' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ clientSecretSet: true, refreshTokenSet: true });
  });

  it('tells the admin when the stored secrets no longer open with APP_SECRET, and calls nobody', async () => {
    const [row] = await server.database.db.select().from(zohoConfig);
    const sealed = row!.clientSecretSealed;
    const parts = sealed.split('.');
    parts[2] = parts[2]!.startsWith('A') ? `B${parts[2]!.slice(1)}` : `A${parts[2]!.slice(1)}`;
    await server.database.db.update(zohoConfig).set({ clientSecretSealed: parts.join('.') });
    try {
      expect((await api.call('GET', '/api/admin/zoho-config', { cookie })).json).toMatchObject({ secretsUnreadable: true });
      const res = await test();
      expect(res.json['success']).toBe(false);
      expect(res.json['message']).toContain('cannot be read with this APP_SECRET');
      expect(zoho.requests).toEqual([]);
    } finally {
      await server.database.db.update(zohoConfig).set({ clientSecretSealed: sealed });
    }
    expect((await api.call('GET', '/api/admin/zoho-config', { cookie })).json).toMatchObject({ secretsUnreadable: false });
  });

  it('connects: token at the accounts host, org from the org list, workspace with the org header', async () => {
    const res = await test();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: 'Successfully connected to Zoho Analytics workspace',
      organization: { id: FAKE_ZOHO.orgId, name: 'Energy Newsroom' },
      workspace: { id: FAKE_ZOHO.workspaceId, name: 'Energy Markets' },
    });
    expect(res.json['dashboards']).toHaveLength(2);
    const token = zoho.requests.find((r) => r.path === '/oauth/v2/token');
    expect(token?.method).toBe('POST');
    expect(new URLSearchParams(token?.body).get('grant_type')).toBe('refresh_token');
    const workspace = zoho.requests.find((r) => r.path === `/restapi/v2/workspaces/${FAKE_ZOHO.workspaceId}`);
    expect(workspace?.headers['authorization']).toMatch(/^Zoho-oauthtoken 1000\./);
    expect(workspace?.headers['zanalytics-orgid']).toBe(FAKE_ZOHO.orgId);
    expect(zoho.requests.some((r) => r.path === '/restapi/v2/orgs')).toBe(true);
    const admin = await api.call('GET', '/api/admin/zoho-config', { cookie });
    expect(admin.json).toMatchObject({ lastTestOk: true });
  });

  it('caches the access token for its lifetime and refreshes it when Zoho says it expired', async () => {
    await test();
    expect(zoho.requests.filter((r) => r.path === '/oauth/v2/token')).toHaveLength(0);
    zoho.expireTokens();
    zoho.requests.length = 0;
    const res = await test();
    expect(res.json['success']).toBe(true);
    expect(zoho.requests.filter((r) => r.path === '/oauth/v2/token')).toHaveLength(1);
    const [row] = await server.database.db.select().from(zohoConfig);
    expect(row?.accessTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/1000\.[0-9a-f]{32}/);
  });

  it('reports a bad refresh token (HTTP 200 with an error field)', async () => {
    await save({ ...validConfig, refreshToken: '1000.revoked' });
    const res = await test();
    expect(res.status).toBe(200);
    expect(res.json['success']).toBe(false);
    expect(res.json['message']).toMatch(/refresh token/i);
    expect((await api.call('GET', '/api/admin/zoho-config', { cookie })).json).toMatchObject({ lastTestOk: false });
  });

  it('reports an unknown workspace with Zoho’s own message', async () => {
    await save({ ...validConfig, workspaceId: '99999' });
    const res = await test();
    expect(res.json['success']).toBe(false);
    expect(res.json['message']).toMatch(/workspace/i);
  });

  it('reports an account without an organization', async () => {
    await save(validConfig);
    const orgs = zoho.state.orgs;
    zoho.state.orgs = [];
    try {
      const res = await test();
      expect(res.json['success']).toBe(false);
      expect(res.json['message']).toMatch(/organization/i);
    } finally {
      zoho.state.orgs = orgs;
    }
  });

  it('serves the energy mix from a configured data view, cached', async () => {
    await save({ ...validConfig, energyMixViewId: FAKE_ZOHO.mixViewId });
    // Readers at once (the API, and pages drawing the mix on the render thread) ask Zoho once between them.
    const [first, ...others] = await Promise.all([
      api.call('GET', '/api/zoho/dashboard-data'),
      api.call('GET', '/api/zoho/dashboard-data'),
      api.call('GET', '/api/zoho/dashboard-data'),
      fetch(`${server.url}/`).then(async (page) => ({ status: page.status, text: await page.text() })),
      fetch(`${server.url}/analytics`).then(async (page) => ({ status: page.status, text: await page.text() })),
    ]);
    for (const answer of others.slice(0, 2)) expect(answer).toMatchObject({ json: { energyMix: first.json['energyMix'] } });
    // The pages were drawn, not refused.
    for (const page of others.slice(2)) expect(page).toMatchObject({ status: 200 });
    expect(first.json['energyMix']).toEqual([
      { source: 'Natural Gas', percentage: 41 },
      { source: 'Renewables', percentage: 24 },
      { source: 'Coal', percentage: 16 },
      { source: 'Nuclear', percentage: 19 },
    ]);
    const exports = () => zoho.requests.filter((r) => r.path.endsWith('/data')).length;
    expect(exports()).toBe(1);
    await api.call('GET', '/api/zoho/dashboard-data');
    expect(exports()).toBe(1);
  });

  it('falls back to the stored generation mix when Zoho fails, and tries Zoho again only after the cache time', async () => {
    await save({ ...validConfig, energyMixViewId: '4040404' });
    const mix = (await api.call('GET', '/api/zoho/dashboard-data')).json['energyMix'];
    // The seeded generation's latest month is the spec's fallback mix.
    expect(mix).toEqual(FALLBACK_ENERGY_MIX);
    expect(server.output()).toMatch(/Zoho energy mix: Zoho Analytics: View not found/);
    const exports = () => zoho.requests.filter((r) => r.path.endsWith('/data')).length;
    expect(exports()).toBe(1);
    await api.call('GET', '/api/zoho/dashboard-data');
    expect(exports()).toBe(1);
    await server.database.db
      .update(zohoConfig)
      .set({ energyMixFetchedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(zohoConfig.id, 1));
    await api.call('GET', '/api/zoho/dashboard-data');
    expect(exports()).toBe(2);
  });
});
