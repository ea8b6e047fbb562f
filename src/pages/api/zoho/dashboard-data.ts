import { endpoint, json } from '@/server/http';
import { getEnergyMix } from '@/server/services/site/pages';

/** GET /api/zoho/dashboard-data: the energy mix, from Zoho when a data view is configured, else from the database. */
export const { GET, ALL } = endpoint({ GET: async () => json({ energyMix: await getEnergyMix() }) });
