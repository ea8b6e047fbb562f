// The newsroom's annotations of market series: the data API's list and the editors' calls.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import * as z from '@/lib/validation/zod-mini';
import { SERIES_SLUGS } from '@/lib/series-catalog';
import {
  annotationListQuerySchema,
  seriesAnnotationSchema as annotationInputSchema,
  seriesAnnotationsQuerySchema,
} from '@/lib/validation/series-annotation';
import { adminSeriesAnnotationSchema, seriesAnnotationSchema } from '@/lib/wire/markets';
import { PER_PAGE, TAG, adminRecords, cacheHeaders, dataRead, ok, pathParam, totalHeader, type DomainPaths } from '@/server/api-operations';

export const annotationPaths: DomainPaths = {
  '/api/series/{slug}/annotations': {
    get: dataRead({
      operationId: 'listSeriesAnnotations',
      summary: "The newsroom's annotations of a series",
      description:
        'Each day or span of days the newsroom marked on the series’ chart, with its label and the published story it links, oldest day first. The series page, its embed and its chart files show the same marks.',
      path: { slug: pathParam(`The series: ${SERIES_SLUGS.join(', ')}.`) },
      query: { schema: seriesAnnotationsQuerySchema, about: { limit: 'Annotations per page (at most 500).', offset: 'Annotations to skip.' } },
      answer: ok('A page of annotations.', z.array(seriesAnnotationSchema), { headers: { ...totalHeader, ...cacheHeaders } }),
      errors: { '400': 'Invalid query parameters.', '404': 'No such series.' },
    }),
  },
  ...adminRecords(
    '/api/admin/annotations',
    { tag: TAG.adminData, noun: 'annotation', shape: adminSeriesAnnotationSchema },
    {
      list: {
        operationId: 'listSeriesAnnotationsForAdmin',
        summary: `The newsroom’s annotations of the series, newest day first, ${PER_PAGE}`,
        items: 'annotations',
        query: annotationListQuerySchema,
        about: { series: 'One series’ slug; every series’ when absent (none for a slug that is no series).' },
      },
      create: {
        operationId: 'createSeriesAnnotation',
        summary: 'Annotate a series',
        description:
          'A day (`from`) or a span (`from` to `to`), a short label, and optionally the story it links (`story`: its address on the site or its slug). Recorded in the audit trail; the series’ pages and the story’s page render again.',
        body: annotationInputSchema,
      },
      update: {
        operationId: 'updateSeriesAnnotation',
        summary: 'Replace an annotation’s fields (the form sends them all)',
        body: annotationInputSchema,
      },
      remove: { operationId: 'deleteSeriesAnnotation', summary: 'Delete an annotation' },
    },
  ),
};
