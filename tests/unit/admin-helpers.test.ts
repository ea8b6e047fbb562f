import { describe, expect, it } from 'vitest';
import { articleFormValues, articleSaveValues, slugify } from '@/components/admin/article/article-form-values';
import { normalizeUrl } from '@/components/admin/editor/normalize-url';
import { sectionOf, zohoFormValues } from '@/components/admin/zoho/zoho-form';
import { endAtWord, truncateAtWord } from '@/lib/format';
import type { AdminArticle } from '@/lib/wire/articles';
import { articleCreateSchema, type ArticleCreateInput } from '@/lib/validation/article';
import type { ZohoAdminConfig } from '@/lib/wire/analytics';

describe('list previews', () => {
  it('end a beginning the server cut at its last whole word, with an ellipsis', () => {
    expect(endAtWord('The interconnection queue is the real bottlen')).toBe('The interconnection queue is the real…');
    expect(endAtWord('Output held near record highs, analys')).toBe('Output held near record highs…');
    expect(endAtWord('Line one\nline two continu')).toBe('Line one\nline two…');
    // One long word is cut where it is.
    expect(endAtWord('Supercalifragilisticexpialidocious')).toBe('Supercalifragilisticexpialidocious…');
  });

  it('cut like truncateAtWord does once the text is longer than the limit', () => {
    const text = 'Henry Hub futures climbed for a third session as cold weather lifted heating demand across the Northeast.';
    for (const max of [20, 40, 60, 80]) expect(truncateAtWord(text, max)).toBe(endAtWord(text.slice(0, max)));
  });
});

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

  it('saves an article with the publish time it had, to the millisecond, unless the editor changed it', () => {
    const category = { id: 4, name: 'Oil', slug: 'oil' };
    const article: AdminArticle = {
      id: 7,
      slug: 'permian-output',
      title: 'Permian output',
      excerpt: 'Operators pump more with fewer rigs.',
      content: '<p>Output held.</p>',
      imageUrl: null,
      imageAlt: '',
      imageCaption: '',
      imageCredit: '',
      author: 'Dana Whitfield',
      authorSlug: 'dana-whitfield',
      authorId: 3,
      reviewState: null,
      categoryId: 4,
      category,
      featured: false,
      status: 'published',
      publishedAt: '2026-01-15T14:30:45.123Z',
      updatedAt: '2026-01-15T15:00:00.000Z',
      metaTitle: null,
      metaDescription: null,
      socialImageUrl: null,
    };
    // What the form does: its values through the form's schema, then what a save sends.
    const form = articleFormValues(article, [category]);
    expect(form.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const submit = (input: ArticleCreateInput) => articleSaveValues(articleCreateSchema.parse(input), article);
    expect(submit(form).publishedAt?.toISOString()).toBe('2026-01-15T14:30:45.123Z');
    // A time the editor typed goes as typed (to the minute the field shows).
    const later = submit({ ...form, publishedAt: '2026-02-01T09:15' }).publishedAt;
    expect(later?.getSeconds()).toBe(0);
    expect(later?.getTime()).toBe(new Date('2026-02-01T09:15').getTime());
    // A new article keeps what the form says (empty: published now, by the server).
    expect(articleSaveValues(articleCreateSchema.parse({ ...form, publishedAt: '' }), undefined).publishedAt).toBeUndefined();
  });
});

describe('the editor link and image forms', () => {
  it('make typed addresses usable', () => {
    // What an editor types, and the address the link gets.
    const usable: Record<string, string> = {
      ' eia.gov/petroleum ': 'https://eia.gov/petroleum',
      'http://example.com': 'http://example.com',
      'mailto:desk@example.com': 'mailto:desk@example.com',
      '/news': '/news',
      // A protocol-relative address is not a site path.
      '//evil.example': 'https://evil.example',
      '   ': '',
    };
    for (const [typed, address] of Object.entries(usable)) expect(normalizeUrl(typed), typed).toBe(address);
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
