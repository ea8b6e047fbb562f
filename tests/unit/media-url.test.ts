import { describe, expect, it } from 'vitest';
import { imagesWithoutAlt, libraryKeyOf } from '@/lib/media-url';
import { articleCreateSchema } from '@/lib/validation/article';
import type { ResponsiveImage } from '@/lib/wire/articles';
import { renderArticleImages } from '@/server/services/media/responsive-images';

describe('libraryKeyOf', () => {
  it('knows a library original by its address, and nothing else', () => {
    expect(libraryKeyOf('/media/2026/11/abcdefghijkl/original.jpg')).toBe('2026/11/abcdefghijkl');
    expect(libraryKeyOf('/media/2026/11/abcdefghijkl/960.webp')).toBeUndefined();
    expect(libraryKeyOf('https://cdn.example/media/2026/11/abcdefghijkl/original.jpg')).toBeUndefined();
    expect(libraryKeyOf(null)).toBeUndefined();
  });
});

describe('imagesWithoutAlt', () => {
  it('counts images whose alt text is absent, empty or blank', () => {
    expect(imagesWithoutAlt('<p>x</p><img src="/a.png" alt="A chart">')).toBe(0);
    expect(imagesWithoutAlt('<img src="/a.png"><img src="/b.png" alt=""><img alt=" &nbsp; " src="/c.png"><img src=/d.png alt=ok>')).toBe(3);
  });
});

describe('articleCreateSchema and images', () => {
  const article = { title: 'T', slug: 't', excerpt: 'E', content: '<p>x</p>', author: 'A', categoryId: 1 };
  const errorsOf = (input: object) => {
    const result = articleCreateSchema.safeParse({ ...article, ...input });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses a body image without alt text', () => {
    expect(errorsOf({ content: '<figure><img src="/media/2026/11/abcdefghijkl/original.jpg"></figure>' })).toHaveProperty('content');
  });

  it('refuses a library lead image without alt text, but not a typed address (the spec payload)', () => {
    expect(errorsOf({ imageUrl: '/media/2026/11/abcdefghijkl/original.png' })).toHaveProperty('imageAlt');
    expect(errorsOf({ imageUrl: '/media/2026/11/abcdefghijkl/original.png', imageAlt: 'Solar panels' })).toEqual({});
    expect(errorsOf({ imageUrl: 'https://images.example/x.jpg' })).toEqual({});
  });
});

describe('renderArticleImages', () => {
  const image: ResponsiveImage = {
    src: '/media/2026/11/abcdefghijkl/original.jpg',
    width: 1200,
    height: 800,
    avifSrcset: '/media/2026/11/abcdefghijkl/480.avif 480w, /media/2026/11/abcdefghijkl/960.avif 960w',
    webpSrcset: '/media/2026/11/abcdefghijkl/480.webp 480w, /media/2026/11/abcdefghijkl/960.webp 960w',
    cardSrc: '/media/2026/11/abcdefghijkl/960.webp',
  };

  it('turns library images into pictures of their copies, and leaves other images be', () => {
    const html = renderArticleImages(
      '<figure><img src="/media/2026/11/abcdefghijkl/original.jpg" alt="Grid &amp; lines" loading="lazy" /><figcaption>c</figcaption></figure><img src="https://x.example/a.png" alt="a" />',
      new Map([['2026/11/abcdefghijkl', image]]),
    );
    expect(html).toContain(
      '<figure><picture><source type="image/avif" srcset="/media/2026/11/abcdefghijkl/480.avif 480w, /media/2026/11/abcdefghijkl/960.avif 960w"',
    );
    expect(html).toContain('<source type="image/webp" srcset="/media/2026/11/abcdefghijkl/480.webp 480w');
    expect(html).toContain(
      '<img src="/media/2026/11/abcdefghijkl/original.jpg" alt="Grid &amp; lines" width="1200" height="800" loading="lazy" decoding="async"></picture><figcaption>c</figcaption></figure>',
    );
    expect(html).toContain('<img src="https://x.example/a.png" alt="a" />');
  });
});
