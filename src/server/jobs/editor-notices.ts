import type { Job } from '@/server/jobs/runner';
import { notifyEditors } from '@/server/services/editor-notices';

/** Gathers new pending comments and contact messages into one e-mail to the editors, every three minutes. */
export const editorNoticesJob: Job = {
  name: 'editor-notices',
  nextRunAfter: (after) => new Date(after.getTime() + 3 * 60_000),
  run: async ({ now }) => {
    const told = await notifyEditors(now);
    if (!told || told.comments + told.messages === 0) return undefined;
    return `Told the editors of ${told.comments} comments and ${told.messages} messages.`;
  },
};
