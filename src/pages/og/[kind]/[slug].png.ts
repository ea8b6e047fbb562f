import { NotFoundError } from '@/server/errors';
import { endpoint, slugParam } from '@/server/http';
import { OG_KINDS, getOgImage, type OgKind } from '@/server/services/media/og-images';

/**
 * GET /og/{article|topic|author}/{slug}.png?v={version}: the page's Open Graph card, 1200×630,
 * drawn from what the page shows. The version names the content, so the image is cached for
 * a year; any other version is sent to the current address, and a page that is not public
 * (an unknown slug, a draft, a scheduled article) is a 404.
 */
export const { GET, ALL } = endpoint({
  GET: async ({ params, url }) => {
    const kind = OG_KINDS.find((k): k is OgKind => k === params.kind);
    if (!kind) throw new NotFoundError();
    const answer = await getOgImage(kind, slugParam(params.slug), url.searchParams.get('v'));
    if (!answer) throw new NotFoundError();
    if ('redirect' in answer) return new Response(null, { status: 302, headers: { Location: answer.redirect, 'Cache-Control': 'no-store' } });
    return new Response(new Uint8Array(answer.png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(answer.png.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
