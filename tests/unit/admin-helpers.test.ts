import { describe, expect, it } from 'vitest';
import { articleFormValues, slugify } from '@/components/admin/article/article-form-values';
import { normalizeUrl } from '@/components/admin/editor/normalize-url';
import { sectionOf, zohoFormValues } from '@/components/admin/zoho/zoho-form';
import type { ZohoAdminConfig } from '@/lib/validation/zoho';

describe('the article form', () => {
  it('writes a slug from a title', () => {
    expect(slugify('Henry Hub Climbs!')).toBe('henry-hub-climbs');
    expect(slugify('  Énergie: Québec’s Hydro  ')).toBe('energie-quebec-s-hydro');
    expect(slugify('x'.repeat(200))).toHaveLength(120);
  });

  it('starts a new article empty, published, in the first category', () => {
    expect(articleFormValues(undefined, [{ id: 4, name: 'Oil', slug: 'oil' }])).toMatchObject({
      title: '',
      status: 'published',
      categoryId: 4,
      publishedAt: '',
    });
  });
});

describe('the editor link and image forms', () => {
  it('make typed addresses usable', () => {
    expect(normalizeUrl(' eia.gov/petroleum ')).toBe('https://eia.gov/petroleum');
    expect(normalizeUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeUrl('mailto:desk@example.com')).toBe('mailto:desk@example.com');
    expect(normalizeUrl('/news')).toBe('/news');
    // A protocol-relative address is not a site path.
    expect(normalizeUrl('//evil.example')).toBe('https://evil.example');
    expect(normalizeUrl('   ')).toBe('');
  });
});

describe('the Zoho form', () => {
  const config: ZohoAdminConfig = {
    configured: true,
    workspaceId: '123',
    clientId: '1000.ABC',
    dataCentre: 'EU',
    clientSecretSet: true,
    refreshTokenSet: true,
    energyMixViewId: '',
    energyDashboardUrl: 'https://analytics.zoho.eu/open-view/1',
    marketDashboardUrl: '',
    regionalDashboardUrl: '',
    forecastDashboardUrl: '',
    lastTestedAt: null,
    lastTestOk: null,
    lastTestMessage: null,
    secretsUnreadable: false,
  };

  it('never fills in a stored secret', () => {
    expect(zohoFormValues(config)).toMatchObject({ workspaceId: '123', dataCentre: 'EU', clientSecret: '', refreshToken: '' });
  });

  it('knows which sub-tab holds a field', () => {
    expect(sectionOf('workspaceId')).toBe('credentials');
    expect(sectionOf('clientSecret')).toBe('credentials');
    expect(sectionOf('energyMixViewId')).toBe('credentials');
    expect(sectionOf('forecastDashboardUrl')).toBe('dashboards');
  });
});
