import { endpoint } from '@/server/http';
import { seriesPreviewResponse } from '@/server/services/charts/previews';

/**
 * GET /og/markets/{slug}.png?{view}&v={version}: a series page's link-preview image (1200×630),
 * its chart with the latest figure; cached for good at its version, any other version is sent
 * to the current one. Kept in the page cache with the market figures' tag.
 */
export const { GET, ALL } = endpoint({
  GET: ({ params, url }) => seriesPreviewResponse(params.slug, url.searchParams),
});
