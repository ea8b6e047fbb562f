import { VIEW_BODY_LIMIT, viewBeaconSchema } from '@/lib/validation/readership';
import { getClientAddress } from '@/server/client-address';
import { endpoint, parseBody, readJsonBody } from '@/server/http';
import { processViewCounter, recordView } from '@/server/services/readership/views';

/**
 * POST /api/views: one view of an article page, from its beacon (`{article, referrer?,
 * campaign?}`, at most 512 bytes of JSON). Counted in this process's memory and written in
 * a batch; no cookie is read or set. 204 whether or not it counted (a bot, a repeat, a story
 * that is not public); 429 past the client's limit. The production server answers POSTs in
 * its front with the same checks (src/server/front/view-beacon.ts); this route answers them
 * under `astro dev`, and every other method.
 */
export const { POST, ALL } = endpoint({
  POST: async ({ request, clientAddress, locals }) => {
    const beacon = parseBody(viewBeaconSchema, await readJsonBody(request, VIEW_BODY_LIMIT));
    const client = { address: getClientAddress(request, clientAddress), userAgent: request.headers.get('User-Agent') };
    await recordView(locals.views ?? processViewCounter(), beacon, client, locals.site.hostname);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  },
});
