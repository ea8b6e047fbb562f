import { describe, expect, it } from 'vitest';
import { matchesNewsFilter, newsUrl } from '@/lib/news-filter';

const article = { title: 'Henry Hub Futures Climb', excerpt: 'Colder forecasts lifted natural gas.', category: { slug: 'oil-gas' } };

describe('the news filter rule', () => {
  it('shows everything for all categories and empty search', () => {
    expect(matchesNewsFilter(article, { category: 'all', search: '' })).toBe(true);
  });

  it('matches the category slug exactly', () => {
    expect(matchesNewsFilter(article, { category: 'oil-gas', search: '' })).toBe(true);
    expect(matchesNewsFilter(article, { category: 'nuclear', search: '' })).toBe(false);
  });

  it('matches the search in title or excerpt, case-insensitively', () => {
    expect(matchesNewsFilter(article, { category: 'all', search: 'HENRY' })).toBe(true);
    expect(matchesNewsFilter(article, { category: 'all', search: 'natural gas' })).toBe(true);
    expect(matchesNewsFilter(article, { category: 'all', search: 'uranium' })).toBe(false);
  });

  it('needs both conditions', () => {
    expect(matchesNewsFilter(article, { category: 'nuclear', search: 'henry' })).toBe(false);
  });
});

describe('newsUrl', () => {
  it('keeps only non-default state in the URL', () => {
    expect(newsUrl({ category: 'all', search: '' })).toBe('/news');
    expect(newsUrl({ category: 'coal', search: ' rail ' })).toBe('/news?category=coal&q=rail');
  });
});
