import { articleAutosaveSchema } from '@/lib/validation/article-autosave';
import { requireStaff } from '@/server/auth/guard';
import { ADMIN_BODY_LIMIT, endpoint, json, parseBody, readJsonBody } from '@/server/http';
import { discardAutosave, getAutosave, saveAutosave } from '@/server/services/articles/autosaves';

/**
 * The open editor's autosave for the signed-in user; `{key}` is an article id, or `new` for
 * the article not yet created. GET answers `{autosave}` (null when there is none), PUT keeps
 * the form (`{savedAt, stale}`: stale when the article was saved since the editor opened
 * it), DELETE discards it.
 */
export const { GET, PUT, DELETE, ALL } = endpoint({
  GET: async (context) => {
    const user = requireStaff(context);
    return json({ autosave: await getAutosave(user, context.params.key ?? '') });
  },
  PUT: async (context) => {
    const user = requireStaff(context);
    const input = parseBody(articleAutosaveSchema, await readJsonBody(context.request, ADMIN_BODY_LIMIT));
    return json(await saveAutosave(user, context.params.key ?? '', input));
  },
  DELETE: async (context) => {
    const user = requireStaff(context);
    await discardAutosave(user, context.params.key ?? '');
    return new Response(null, { status: 204 });
  },
});
