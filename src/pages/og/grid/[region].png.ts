import { endpoint } from '@/server/http';
import { gridPreviewResponse } from '@/server/services/charts/previews';

/**
 * GET /og/grid/{region}.png?v={version}: a grid page's link-preview image (1200×630), the
 * region's week of demand with its latest hour (the Lower 48's is /grid's); cached for good at its
 * version, any other version sent to the current one. Kept in the page cache with the region's tag.
 */
export const { GET, ALL } = endpoint({
  GET: ({ params, url }) => gridPreviewResponse(params.region, url.searchParams),
});
