import { describe, expect, it } from 'vitest';
import { energyMix, generation } from '@db/schema';
import { FALLBACK_ENERGY_MIX } from '@/lib/dashboard';
import { useServerDatabase } from '../helpers/database.ts';

// The process-wide database of src/server/db.ts, on a temporary file.
useServerDatabase('mix');
const { db } = await import('@/server/db');
const { getEnergyMix } = await import('@/server/services/site/pages');

describe('the energy mix, without Zoho', () => {
  it('is the spec’s fallback when nothing is stored', async () => {
    expect(await getEnergyMix()).toEqual(FALLBACK_ENERGY_MIX);
  });

  it('is the stored mix when there is no generation data', async () => {
    await db.insert(energyMix).values({ source: 'Natural Gas', percentage: 50, sortOrder: 0 });
    expect(await getEnergyMix()).toEqual([{ source: 'Natural Gas', percentage: 50 }]);
  });

  it('is the latest stored generation month when there is one, Other included', async () => {
    /** A month's US generation rows, by fuel. */
    const usMonth = (period: string, fuels: Record<string, number>) =>
      Object.entries(fuels).map(([fuel, value]) => ({ period, location: 'US', fuel, value, source: 'eia' }));
    await db
      .insert(generation)
      .values([
        ...usMonth('2026-07', { ALL: 1000, NG: 900 }),
        ...usMonth('2026-08', { ALL: 1000, NG: 400, COW: 150, NUC: 180, WND: 120, SUN: 80, HYC: 50 }),
        { period: '2026-08', location: 'TX', fuel: 'ALL', value: 5000, source: 'eia' },
      ]);
    expect(await getEnergyMix()).toEqual([
      { source: 'Natural Gas', percentage: 40 },
      { source: 'Renewables', percentage: 25 },
      { source: 'Coal', percentage: 15 },
      { source: 'Nuclear', percentage: 18 },
      { source: 'Other', percentage: 2 },
    ]);
  });
});
