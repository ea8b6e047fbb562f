// The fake EIA (tests/fakes/eia.ts) for a suite: the client that reads it, and test servers that import from it.
import { EiaClient } from '@/server/integrations/eia';
import { defaultEiaRoutes, FAKE_EIA_KEY, startFakeEia, type FakeEia } from '../fakes/eia.ts';
import { useDuringSuite, useFake } from './suite.ts';

const HOUR = 3_600_000;

/** The settings that point a server at a fake EIA: the fake's key and its address. */
export const fakeEiaSettings = (eia: { url: string }): Record<string, string> => ({ EIA_API_KEY: FAKE_EIA_KEY, EIA_API_URL: `${eia.url}/v2` });

/** A client of a fake EIA with the fake's key that neither paces its requests nor waits to retry; `options` as the client's. */
export const fakeEiaClient = (eia: { url: string }, options: ConstructorParameters<typeof EiaClient>[2] = {}): EiaClient =>
  new EiaClient(`${eia.url}/v2`, FAKE_EIA_KEY, { paceMs: 0, backoffMs: 1, ...options });

/**
 * A fake EIA started with `fake` for the enclosing suite, and a client of it (`fakeEiaClient`
 * with `client`) made once it runs: see `useDuringSuite`.
 */
export function useEiaClient(
  fake?: Parameters<typeof startFakeEia>[0],
  client?: ConstructorParameters<typeof EiaClient>[2],
): { eia: FakeEia; client: EiaClient } {
  const eia = useFake(() => startFakeEia(fake));
  return {
    eia,
    client: useDuringSuite(
      () => Promise.resolve(fakeEiaClient(eia, client)),
      () => Promise.resolve(),
    ),
  };
}

/**
 * A fake EIA for the enclosing suite whose hourly grid data ends with the last whole hour before
 * the file starts (`lastHour`), in pages of 2,000 rows so that every query takes several requests;
 * and the settings for a server that imports from it with the daily import off and the hourly
 * grid job at half an hour from when the file starts, so the clock never makes it due while the
 * suite runs (only the tests' own runs do).
 */
export function useGridFake() {
  const fakeNow = Date.now();
  const eia = useFake(() => startFakeEia({ maxPage: 2000, routes: defaultEiaRoutes(fakeNow) }));
  const gridMinute = (new Date(fakeNow).getUTCMinutes() + 30) % 60;
  const settings = () => ({ ...fakeEiaSettings(eia), EIA_SCHEDULE: 'off', EIA_GRID_MINUTE: String(gridMinute) });
  return { eia, fakeNow, lastHour: Math.floor(fakeNow / HOUR) * HOUR - HOUR, gridMinute, settings };
}
