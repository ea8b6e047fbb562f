import { writeTransaction } from '@/server/db';
import type { Job } from '@/server/jobs/runner';
import { listArticlesFallenDue } from '@/server/queries/articles';
import { getSiteState, setSiteState } from '@/server/queries/site-state';
import { articleFacts } from '@/server/cache/tags';
import { relateChangedArticles } from '@/server/services/articles/related';
import { logPurge, notifyRebuildHook, shareInBackground } from '@/server/content-changes';

/** How often the web processes look for scheduled articles that fell due (one of them does). */
export const SCHEDULED_PUBLISHING_INTERVAL_MS = 15_000;
/** Where the end of the last run's window is kept (ms since the epoch). */
const CHECKED_UNTIL = 'scheduled_publishing_checked_until';
/** The first run looks back this far, so an article that fell due while no job ran is still announced. */
const FIRST_LOOK_BACK_MS = 24 * 3_600_000;

/**
 * Scheduled publishing that fires: readers see a scheduled article once its time has come
 * (public reads filter on it), and this job makes that moment an event. It finds the
 * scheduled articles that fell due since its last run, logs the purge of the pages they now
 * appear on (every process's cached pages of them refresh) and POSTs one `published` event to REBUILD_HOOK_URL for
 * the batch. The job's lease makes one process run each window; the window's end is
 * committed with the version before the hook is called, so a window is never announced twice.
 */
export const scheduledPublishingJob: Job = {
  name: 'scheduled-publishing',
  nextRunAfter: (after) => new Date(after.getTime() + SCHEDULED_PUBLISHING_INTERVAL_MS),
  leaseMs: 60_000,
  retry: { baseMs: 5_000, maxMs: 60_000, attempts: 3 },
  run: async ({ now }) => {
    const stored = await getSiteState(CHECKED_UNTIL);
    const after = stored === undefined ? new Date(now.getTime() - FIRST_LOOK_BACK_MS) : new Date(Number(stored));
    if (after.getTime() >= now.getTime()) return 'Nothing new to check.';
    const fellDue = await listArticlesFallenDue(after, now);
    const ids = fellDue.map((a) => a.id);
    // The stories now public join the lists of the stories like them before pages show them.
    if (ids.length > 0) await relateChangedArticles(ids);
    const purge = await writeTransaction(async (tx) => {
      const logged =
        fellDue.length > 0
          ? await logPurge(
              fellDue.map((a) => ({ kind: 'article', after: articleFacts(a, now) }) as const),
              tx,
            )
          : undefined;
      await setSiteState(CHECKED_UNTIL, String(now.getTime()), tx);
      return logged;
    });
    if (purge) shareInBackground(purge);
    if (ids.length === 0) return 'No scheduled article fell due.';
    await notifyRebuildHook({ entity: 'article', action: 'published', ids });
    return `Published ${ids.length} scheduled ${ids.length === 1 ? 'article' : 'articles'}: ${ids.join(', ')}.`;
  },
};
