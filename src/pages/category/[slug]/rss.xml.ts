import { messages } from '@/server/errors';
import { endpoint, slugParam } from '@/server/http';
import { getTopicFeed, rssResponse } from '@/server/services/site/feeds';

/** GET /category/{slug}/rss.xml: the topic's 30 newest articles as RSS 2.0; a JSON 404 for an unknown topic. */
export const { GET, ALL } = endpoint({
  GET: async ({ params, locals }) => rssResponse(await getTopicFeed(slugParam(params.slug, messages.categoryNotFound)), locals.site),
});
