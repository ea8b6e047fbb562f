import { endpoint } from '@/server/http';
import { analysisPreviewResponse } from '@/server/services/charts/previews';

/**
 * GET /og/analytics/{id}.png?v={version}: an analysis item's link-preview image (1200×630), its
 * report's chart with the latest figure; cached for good at its version, any other version sent
 * to the current one. Kept in the page cache with the item's and the market figures' tags.
 */
export const { GET, ALL } = endpoint({
  GET: ({ params, url }) => analysisPreviewResponse(params.id, url.searchParams),
});
