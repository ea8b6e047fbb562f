import { requireAdmin } from '@/server/auth/guard';
import { endpoint } from '@/server/http';
import { subscribersCsvStream } from '@/server/services/newsletter/subscriptions';

/** GET /api/admin/subscribers/export.csv: every subscriber with their choices and alerts, streamed as CSV. */
export const { GET, ALL } = endpoint({
  GET: (context) => {
    requireAdmin(context);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(subscribersCsvStream(), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});
