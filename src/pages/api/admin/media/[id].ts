import { mediaDetailsSchema } from '@/lib/validation/media';
import { adminRead, adminRemove, adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { deleteMedia, describeMedia, getMediaItem } from '@/server/services/media/library';

export const { GET, PATCH, DELETE, ALL } = endpoint({
  /** GET /api/admin/media/{id}: one image with its files. */
  GET: adminRead(messages.mediaNotFound, getMediaItem),
  /** PATCH /api/admin/media/{id} with {alt?, caption?, credit?}: editors any image, authors their own uploads (else 403). */
  PATCH: adminUpdate(messages.mediaNotFound, mediaDetailsSchema, PUBLIC_BODY_LIMIT, describeMedia),
  /** DELETE /api/admin/media/{id}: the image and its files; editors any image, authors their own uploads (else 403). */
  DELETE: adminRemove(messages.mediaNotFound, deleteMedia),
});
