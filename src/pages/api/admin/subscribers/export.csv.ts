import { requireStaff } from '@/server/auth/guard';
import { getClientAddress } from '@/server/client-address';
import { endpoint } from '@/server/http';
import { actorOf, audit } from '@/server/services/staff/audit';
import { subscribersCsvStream } from '@/server/services/newsletter/subscriber-export';

/** GET /api/admin/subscribers/export.csv: every subscriber with their choices and alerts, streamed as CSV. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    const user = requireStaff(context);
    await audit(actorOf(user), 'subscribers_exported', { type: 'subscribers' }, getClientAddress(context.request, context.clientAddress));
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
