import { endpoint } from '@/server/http';
import { getArticleOgImage } from '@/server/services/og-image';

/**
 * GET /og/article/{slug}.png?v=…: the share image of a public article (1200 × 630), for
 * articles whose editor gave no social or lead image. Its address carries the version of
 * what it shows, so the current version is cached for a year; any other is answered with
 * the current image, briefly cached.
 */
export const { GET, ALL } = endpoint({
  GET: async ({ params, url }) => {
    const image = await getArticleOgImage(params.slug ?? '');
    if (!image)
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    return new Response(new Uint8Array(image.png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(image.png.length),
        'Cache-Control': url.searchParams.get('v') === image.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
