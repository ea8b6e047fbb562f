import { endpoint } from '@/server/http';
import { readMediaFile } from '@/server/services/media/library';

/**
 * GET /media/{yyyy}/{mm}/{key}/{file}: an image of the media library. Its address never
 * changes content, so it is cached for a year; it is served as the image it is and never
 * as anything a browser would run.
 */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    const file = await readMediaFile(context.params.path ?? '');
    if (!file)
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.body.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
        'Cross-Origin-Resource-Policy': 'same-site',
      },
    });
  },
});
