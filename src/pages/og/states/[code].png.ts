import { endpoint } from '@/server/http';
import { statePreviewResponse } from '@/server/services/charts/previews';

/**
 * GET /og/states/{code}.png?sector=&v={version}: a state page's link-preview image (1200×630), its
 * price of the sector against the US average with the latest month; cached for good at its
 * version, any other version sent to the current one. Kept in the page cache with the states' tag.
 */
export const { GET, ALL } = endpoint({
  GET: ({ params, url }) => statePreviewResponse(params.code, url.searchParams),
});
