import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, categories, siteState } from '@db/schema';
import { createDatabase } from '@db/client';
import { startFakeRebuildHook } from '../fakes/rebuild-hook.ts';
import { useServerDatabase } from '../helpers/database.ts';

// Two web processes on one database, a local server standing in for REBUILD_HOOK_URL.
const hook = await startFakeRebuildHook();
const url = useServerDatabase('scheduled');
process.env['REBUILD_HOOK_URL'] = hook.url;
const { db } = await import('@/server/db');
const { runDueJobs } = await import('@/server/jobs/runner');
const { scheduledPublishingJob } = await import('@/server/jobs/scheduled-publishing');
const { ensureScheduledJob } = await import('@/server/queries/jobs');
const other = createDatabase(() => ({ url }));

beforeAll(async () => {
  await db.insert(categories).values({ id: 1, name: 'Oil', slug: 'oil' });
});

afterAll(async () => {
  await other.close();
  await hook.close();
});

let n = 0;
/** An article saved at `savedAt`, published at `publishedAt`. */
async function article(savedAt: number, publishedAt: number, status: 'draft' | 'published' = 'published'): Promise<number> {
  const [row] = await db
    .insert(articles)
    .values({
      slug: `story-${++n}`,
      title: `Story ${n}`,
      excerpt: 'x',
      content: '<p>x</p>',
      author: 'Desk',
      categoryId: 1,
      status,
      publishedAt: new Date(publishedAt),
      createdAt: new Date(savedAt),
      updatedAt: new Date(savedAt),
    })
    .returning({ id: articles.id });
  return row?.id ?? 0;
}
const version = async () => (await db.select().from(siteState).where(eq(siteState.key, 'content_version')))[0]?.value ?? '0';

describe('scheduled publishing', () => {
  it('announces the articles that fell due exactly once, though two processes run the job at the same moment', async () => {
    const now = Date.now();
    const dueA = await article(now - 3_600_000, now - 10_000);
    const dueB = await article(now - 3_600_000, now - 5_000);
    await article(now - 3_600_000, now + 3_600_000); // still ahead
    await article(now - 3_600_000, now - 5_000, 'draft'); // a draft is never published by its time
    await article(now - 5_000, now - 5_000); // published at once: its save announced it
    await ensureScheduledJob(scheduledPublishingJob.name, new Date(now - 1_000));
    const before = await version();
    const clock = () => new Date(now);
    const [a, b] = await Promise.all([
      runDueJobs([scheduledPublishingJob], { holder: 'process-a', now: clock }),
      runDueJobs([scheduledPublishingJob], { holder: 'process-b', now: clock, executor: other.db }),
    ]);
    expect([...a, ...b]).toEqual(['scheduled-publishing']);
    expect(hook.calls()).toHaveLength(1);
    expect(hook.calls()[0]).toMatchObject({ event: 'content.changed', entity: 'article', action: 'published', ids: [dueA, dueB] });
    expect(Number(await version())).toBe(Number(before) + 1);

    // The next window starts where this one ended: nothing is announced twice.
    const later = () => new Date(now + 20_000);
    await Promise.all([
      runDueJobs([scheduledPublishingJob], { holder: 'process-a', now: later }),
      runDueJobs([scheduledPublishingJob], { holder: 'process-b', now: later, executor: other.db }),
    ]);
    expect(hook.calls()).toHaveLength(1);
    expect(await version()).toBe(String(Number(before) + 1));
  });

  it('announces the next article when its time comes, in the run after it', async () => {
    const start = Date.now() + 20_000;
    const id = await article(start - 60_000, start + 10_000);
    const calls = hook.calls().length;
    await runDueJobs([scheduledPublishingJob], { holder: 'process-b', now: () => new Date(start + 40_000), executor: other.db });
    expect(hook.calls().slice(calls)).toEqual([expect.objectContaining({ action: 'published', ids: [id] })]);
  });
});
