import { messages } from '@/server/errors';
import { endpoint, slugParam } from '@/server/http';
import { getAuthorFeed, rssResponse } from '@/server/services/site/feeds';

/** GET /author/{slug}/rss.xml: the author's 30 newest articles as RSS 2.0; a JSON 404 for an unknown author. */
export const { GET, ALL } = endpoint({
  GET: async ({ params, locals }) => rssResponse(await getAuthorFeed(slugParam(params.slug, messages.authorNotFound)), locals.site),
});
