import { appConfig } from '@/server/config';
import { endpoint, revalidatable } from '@/server/http';
import { openApiDocument } from '@/server/openapi';

/** GET /api/openapi.json: the OpenAPI 3.1 description of the API. */
export const { GET, ALL } = endpoint({
  GET: ({ request }) =>
    revalidatable(request, JSON.stringify(openApiDocument(appConfig().siteUrl), null, 2), { 'Content-Type': 'application/json; charset=utf-8' }),
});
