import { requireStaff } from '@/server/auth/guard';
import { endpoint, json } from '@/server/http';
import { previewBriefing } from '@/server/services/newsletter/briefing';

/** GET /api/admin/newsletter/preview: the next daily briefing as it would go out now: `{subject, html, text}`. */
export const { GET, ALL } = endpoint({
  GET: async (context) => {
    requireStaff(context);
    return json(await previewBriefing());
  },
});
