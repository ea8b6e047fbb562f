import type { AdminCounts } from '@/lib/wire/admin';
import { can } from '@/lib/staff/permissions';
import type { SessionUser } from '@/server/auth/session';
import { ownArticlesFilter } from '@/server/services/articles/access';
import { countAdminArticles } from '@/server/queries/admin-articles';
import { readCounters } from '@/server/queries/counters';
import { countSubscribers } from '@/server/queries/subscribers';

/** The numbers in the panel's tab labels, of what the person's role sees (0 for the rest; articles their own unless editors). */
export async function getAdminCounts(user: SessionUser): Promise<AdminCounts> {
  const now = new Date();
  const own = ownArticlesFilter(user);
  const [c, drafts, scheduled, inReview, subscribers] = await Promise.all([
    readCounters(),
    countAdminArticles({ status: 'draft', now, ...own }),
    countAdminArticles({ status: 'scheduled', now, ...own }),
    countAdminArticles({ status: 'review', now, ...own }),
    can(user.role, 'manageSubscribers') ? countSubscribers({ status: 'active' }) : 0,
  ]);
  return {
    pendingComments: can(user.role, 'moderateComments') ? (c['comments_pending'] ?? 0) : 0,
    unhandledMessages: can(user.role, 'readMessages') ? (c['messages_unhandled'] ?? 0) : 0,
    drafts,
    scheduled,
    subscribers,
    inReview,
  };
}
