import type { APIRoute } from 'astro';
import { requireAdmin } from '@/server/auth/guard';
import { handle, json } from '@/server/http';
import { listAllArticles } from '@/server/services/articles';

/** GET /api/admin/articles: every article, drafts and scheduled ones included. */
export const GET: APIRoute = handle(async (context) => {
  requireAdmin(context);
  return json(await listAllArticles());
});
