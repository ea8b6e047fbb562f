import type { Job } from '@/server/jobs/runner';
import { relateNextArticles } from '@/server/services/articles/related';

/** Articles related per run: a few seconds of full-text searches at most. */
const BATCH = 200;

/**
 * Related stories for the articles no save has related yet (an archive from before they were
 * stored, rows a bulk import wrote): a batch a minute until the pass has reached the newest
 * article, then one indexed look a minute. Article pages fill in from the topic's newest meanwhile.
 */
export const relatedArticlesJob: Job = {
  name: 'related-articles',
  nextRunAfter: (after) => new Date(after.getTime() + 60_000),
  run: async () => {
    const handled = await relateNextArticles(BATCH);
    return handled === 0 ? 'Every article has its related stories.' : `Related stories stored for ${handled} articles.`;
  },
};
