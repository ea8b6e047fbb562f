import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsContent } from '@db/schema';
import { apiClient } from '../helpers/api-client.ts';
import { fetchCurrent } from '../helpers/purge.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'analysis-admin-password';
const server = useTestServer({ ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: 'true' });
const api = apiClient(server, PASSWORD);

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetchCurrent(`${server.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, html: (await res.text()).replace(/<!--.*?-->/g, '') };
};

/** The seeded item with this title. */
async function seeded(title: string) {
  const [item] = await server.database.db.select().from(analyticsContent).where(eq(analyticsContent.title, title));
  if (!item) throw new Error(`No seeded item ${title}`);
  return item;
}

describe('an analysis item’s own page', () => {
  it('is linked from /analytics for every listed item', async () => {
    const items = await server.database.db.select({ id: analyticsContent.id }).from(analyticsContent);
    const { html } = await get('/analytics');
    for (const { id } of items) expect(html).toContain(`href="/analytics/${id}"`);
  });

  it('draws the chart its metadata asks for, says where the figures come from, and is cached like other pages', async () => {
    const item = await seeded('Crude benchmarks: WTI, Brent and the spread this quarter');
    const first = await get(`/analytics/${item.id}`);
    expect(first.status).toBe(200);
    expect(first.html).toMatch(new RegExp(`<h1\\b[^>]*>${item.title}</h1>`));
    expect(first.html).toContain('The figures');
    expect(first.html).toContain('WTI Crude Oil, Brent Crude Oil · 3 months');
    expect(first.html).toMatch(/Sample data \(seeded history, not EIA figures\), as of [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    // It credits the series it draws, each linked to its page.
    expect(first.html).toMatch(/Series:[\s\S]{0,60}<a[^>]*href="\/markets\/wti"[^>]*>WTI Crude Oil<\/a>[\s\S]{0,120}href="\/markets\/brent"/);
    expect(first.html).toContain('href="/analytics?tab=reports&amp;report=custom&amp;series=wti%2Cbrent&amp;range=3m&amp;chart=line"');
    expect(first.headers.get('Cache-Control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
    );
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    expect((await get(`/analytics/${item.id}`, { 'If-None-Match': etag ?? '' })).status).toBe(304);
  });

  it('reads as text alone when the metadata names no stored series', async () => {
    const item = await seeded('Quarterly report: the US generation mix');
    const page = await get(`/analytics/${item.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(item.content);
    expect(page.html).not.toContain('The figures');
  });

  it('is a 404 page for ids that do not exist or are not ids, never a server error', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '1e3', '99999999999999999999', '%00']) {
      const page = await get(`/analytics/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.headers.get('Cache-Control'), id).toBe('no-store');
    }
    expect((await get('/analytics/999999')).html).toContain('Analysis Not Found');
  });

  it('is gone as soon as the item is deleted, and is in the sitemap while it exists', async () => {
    const cookie = await api.signIn();
    const created = await api.call('POST', '/api/analytics-content', {
      body: {
        title: 'Gasoline into the driving season',
        type: 'chart',
        content: 'Pump prices rose.',
        metadata: { series: ['gasoline'], range: '6m' },
      },
      cookie,
    });
    expect(created.status).toBe(201);
    const id = created.json['id'] as number;
    expect((await get(`/analytics/${id}`)).status).toBe(200);
    expect((await get('/sitemaps/pages.xml')).html).toContain(`/analytics/${id}</loc>`);
    expect((await api.call('DELETE', `/api/analytics-content/${id}`, { cookie })).status).toBe(204);
    expect((await get(`/analytics/${id}`)).status).toBe(404);
    expect((await get('/sitemaps/pages.xml')).html).not.toContain(`/analytics/${id}</loc>`);
  });
});
