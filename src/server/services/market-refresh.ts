import { getDb } from '../db.ts';
import { AppError } from '../errors.ts';
import { loadConfig } from '../config.ts';
import type { MarketDataStatus } from '../../lib/types.ts';
import { EIA_KEY_HELP, getMarketDataStatus, runEiaImport } from './market-import.ts';
import { contentChanged } from './publish.ts';

/**
 * The admin's Refresh: imports from EIA, then renders every page afresh. Without a key
 * it is a 400 saying how to get one; a failed import (nothing changed) is a 502 with
 * EIA's reason.
 */
export async function refreshMarketData(): Promise<MarketDataStatus & { message: string }> {
  if (!loadConfig().eiaApiKey) throw new AppError(400, `EIA_API_KEY is not set. ${EIA_KEY_HELP}`);
  const db = await getDb();
  const result = await runEiaImport(db);
  if (!result.ok) throw new AppError(502, result.message);
  await contentChanged({ entity: 'market-data', id: 0, action: 'updated' });
  const { observations, generation } = result.summary;
  return { ...(await getMarketDataStatus(db)), message: `Imported ${observations} price observations and ${generation} generation figures.` };
}
