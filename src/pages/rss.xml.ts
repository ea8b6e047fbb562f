import type { APIRoute } from 'astro';
import { getSiteFeed, rssResponse } from '@/server/services/site/feeds';

/** The 30 newest articles as RSS 2.0, with the feed's own address and each item's author (Dublin Core). */
export const GET: APIRoute = async ({ locals }) => rssResponse(await getSiteFeed(), locals.site);
