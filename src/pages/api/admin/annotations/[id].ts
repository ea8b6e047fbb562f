import { seriesAnnotationSchema } from '@/lib/validation/series-annotation';
import { adminRemove, adminUpdate } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { changeAnnotation, removeAnnotation } from '@/server/services/markets/annotations';

export const { PATCH, DELETE, ALL } = endpoint({
  /** PATCH /api/admin/annotations/{id} with every field (the form sends them all): answers the annotation. */
  PATCH: adminUpdate(messages.annotationNotFound, seriesAnnotationSchema, PUBLIC_BODY_LIMIT, changeAnnotation),
  /** DELETE /api/admin/annotations/{id} */
  DELETE: adminRemove(messages.annotationNotFound, removeAnnotation),
});
