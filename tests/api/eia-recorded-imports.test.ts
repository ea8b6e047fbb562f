// The recorded EIA answers (tests/fixtures/eia/, their sources in its README) through whole
// imports, over HTTP from the fake EIA, as a web process runs them: the grid import with its clock
// moved to just after each recorded hour (EIA-930 region data at 2026-09-11T13, generation by fuel
// at 2024-12-15T00), and the state generation import with its clock in April 2021 (the recorded
// operational data is March 2021). The recordings are not edited: the operational data's rows are
// for the South Atlantic region and the industrial non-CHP sector, which the import does not ask
// for, so their columns and value strings are served as recorded under a state, all sectors and
// the import's fuels (`relabelled` below); the grid's are served as they are.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generation, gridFuelHourly, gridHourly } from '@db/schema';
import { GENERATION_FUELS } from '@/lib/energy';
import { defaultEiaRoutes, eiaFixtureRows, FAKE_EIA_KEY, startFakeEia } from '../fakes/eia.ts';
import { useServerDatabase } from '../helpers/database.ts';
import { MAIL_SITE_ENV } from '../helpers/mail-process.ts';

const operational = eiaFixtureRows('electric-power-operational-data.json');
const regionRows = eiaFixtureRows('rto-region-data.json');
const fuelRows = eiaFixtureRows('rto-fuel-type-data.json');
/** The recorded operational rows under Vermont, all sectors and the import's fuels (ALL, COW, NG, …), every other column and value as recorded. */
const relabelled: Record<string, unknown>[] = operational.slice(0, GENERATION_FUELS.length).map((row, i) => ({
  ...row,
  location: 'VT',
  stateDescription: 'Vermont',
  sectorid: '99',
  sectorDescription: 'All Sectors',
  fueltypeid: GENERATION_FUELS[i],
}));

const routes = defaultEiaRoutes();
routes.set('electricity/electric-power-operational-data', relabelled);
routes.set('electricity/rto/region-data', regionRows);
routes.set('electricity/rto/fuel-type-data', fuelRows);
const eia = await startFakeEia({ maxPage: 5000, routes });
useServerDatabase('eia-recorded-imports');
Object.assign(process.env, { ...MAIL_SITE_ENV, EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` });
const { db } = await import('@/server/db');
const { importGridFromEia } = await import('@/server/services/grid/import');
const { runEiaImport } = await import('@/server/services/markets/import-runs');
const { eiaNumber } = await import('@/server/integrations/eia');

const KEPT = new Set(['US48', 'CAL', 'CAR', 'CENT', 'FLA', 'MIDA', 'MIDW', 'NE', 'NY', 'NW', 'SE', 'SW', 'TEN', 'TEX']);

describe('recorded EIA answers through whole imports', () => {
  it('stores each recorded grid figure as EIA sent it: every region’s demand of 2026-09-11T13, and the fuels of 2024-12-15T00 adding up to what was recorded', async () => {
    const regions = await importGridFromEia({ paceMs: 0, now: Date.parse('2026-09-11T14:20:00Z') });
    expect(regions.failed).toEqual([]);
    expect(regions.skipped).toEqual([]);
    const hour = new Date('2026-09-11T13:00:00Z');
    const stored = await db.select().from(gridHourly).where(eq(gridHourly.period, hour));
    // ERCO, a respondent the site does not keep, is left out; every other recorded figure is stored as sent.
    expect(Object.fromEntries(stored.map((h) => [h.respondent, h.demand]))).toEqual(
      Object.fromEntries(regionRows.filter((r) => KEPT.has(String(r['respondent']))).map((r) => [r['respondent'], Number(r['value'])])),
    );
    expect(stored.every((h) => !h.sample)).toBe(true);

    // The fuels' hour is older: a later run reads from two days before its own hour.
    const fuels = await importGridFromEia({ paceMs: 0, now: Date.parse('2024-12-15T01:20:00Z') });
    expect(fuels.failed).toEqual([]);
    expect(fuels.skipped).toEqual([]);
    const fuelHour = new Date('2024-12-15T00:00:00Z');
    const storedFuels = await db.select().from(gridFuelHourly).where(eq(gridFuelHourly.period, fuelHour));
    for (const respondent of KEPT) {
      const recorded = fuelRows.filter((r) => r['respondent'] === respondent);
      const own = storedFuels.filter((f) => f.respondent === respondent);
      // Nothing lost or made up: what the respondent's fuels add up to is what EIA recorded.
      const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0));
      expect(sum(own.map((f) => f.value)), respondent).toBe(sum(recorded.map((r) => eiaNumber(r['value']) ?? NaN)));
      // A fuel EIA reports under its own code is stored as sent (Other below zero is storage: see gridFuelsOf).
      for (const r of recorded.filter((r) => ['COL', 'NG', 'NUC', 'OIL', 'WAT', 'WND', 'BAT', 'PS'].includes(String(r['fueltype'])))) {
        expect(own.find((f) => f.fuel === r['fueltype'])?.value, `${respondent} ${String(r['fueltype'])}`).toBe(Number(r['value']));
      }
    }
    // California's recorded Other, -2352, is its storage charging.
    expect(storedFuels.find((f) => f.respondent === 'CAL' && f.fuel === 'OTH')?.value).toBe(0);
    expect(storedFuels.find((f) => f.respondent === 'CAL' && f.fuel === 'OES')?.value).toBe(-2352);
  }, 120_000);

  it('stores the recorded generation values as numbers, ".306" as 0.306, none lost', async () => {
    const summary = await runEiaImport({ paceMs: 0, now: Date.parse('2021-04-20T15:00:00Z') });
    expect(summary.failed.filter((f) => /generation/i.test(f.name))).toEqual([]);
    expect(summary.skipped.filter((s) => /generation/i.test(s.name))).toEqual([]);
    const stored = await db
      .select({ fuel: generation.fuel, value: generation.value, source: generation.source })
      .from(generation)
      .where(and(eq(generation.location, 'VT'), eq(generation.period, '2021-03')));
    expect(Object.fromEntries(stored.map((g) => [g.fuel, g.value]))).toEqual(
      Object.fromEntries(relabelled.map((r) => [String(r['fueltypeid']), Number(r['generation'])])),
    );
    // The recorded strings, read: ".306" is 0.306, "8.53051" keeps its five decimals, "0" is a zero (not a gap).
    expect(stored.find((g) => g.fuel === 'ALL')?.value).toBe(8.53051);
    expect(stored.find((g) => g.fuel === 'COW')?.value).toBe(0.306);
    expect(stored.find((g) => g.fuel === 'HYC')?.value).toBe(0);
    expect(stored.every((g) => g.source === 'eia')).toBe(true);
    expect(relabelled.map((r) => String(r['generation']))).toEqual(['8.53051', '.306', '.306', '.306', '0', '0', '69.38363']);
  }, 120_000);
});
