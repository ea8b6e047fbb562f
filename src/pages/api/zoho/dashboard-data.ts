import type { APIRoute } from 'astro';
import { handle, json } from '@/server/http';
import { getEnergyMix } from '@/server/services/pages';

/**
 * GET /api/zoho/dashboard-data: the energy mix. Until a Zoho data view is configured
 * (issue 5) it comes from the database, seeded with the spec's fallback mix.
 */
export const GET: APIRoute = handle(async () => json({ energyMix: await getEnergyMix() }));
