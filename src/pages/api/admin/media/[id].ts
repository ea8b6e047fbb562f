import { mediaDetailsSchema } from '@/lib/validation/media';
import { requireAdmin } from '@/server/auth/guard';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteMedia, describeMedia, getMediaItem } from '@/server/services/media/library';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/media/{id}: one image with its files. */
  GET: async (context) => {
    requireAdmin(context);
    return json(await getMediaItem(idParam(context.params.id, messages.mediaNotFound)));
  },
  /** PATCH /api/admin/media/{id} with {alt?, caption?, credit?}. */
  PATCH: async (context) => {
    requireAdmin(context);
    const id = idParam(context.params.id, messages.mediaNotFound);
    const details = parseBody(mediaDetailsSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
    return json(await describeMedia(id, details));
  },
  /** DELETE /api/admin/media/{id}: the image and its files. */
  DELETE: async (context) => {
    requireAdmin(context);
    await deleteMedia(idParam(context.params.id, messages.mediaNotFound));
    return new Response(null, { status: 204 });
  },
});
