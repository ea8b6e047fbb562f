import { annotationListQuerySchema, seriesAnnotationSchema } from '@/lib/validation/series-annotation';
import { adminCreate, adminList } from '@/server/admin-routes';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { addAnnotation, listAnnotationsForAdmin } from '@/server/services/markets/annotations';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/annotations?series=&page=: one series' annotations (or every one's), 50 a page, newest day first. */
  GET: adminList(annotationListQuerySchema, listAnnotationsForAdmin),
  /** POST /api/admin/annotations {series, from, to?, label, story?}: 201 with the annotation. */
  POST: adminCreate(seriesAnnotationSchema, PUBLIC_BODY_LIMIT, addAnnotation),
});
