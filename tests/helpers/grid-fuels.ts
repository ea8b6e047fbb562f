/** A grid fuel figure as the importer reads it and the database stores it. */
export interface FuelFigure {
  respondent: string;
  period: Date;
  fuel: string;
  value: number;
}

/** The value of a respondent's fuel in the hour an ISO prefix names ('2026-09-11T05'), among `fuels`. */
export function fuelAt<F extends FuelFigure>(fuels: readonly F[]): (respondent: string, hour: string, fuel: string) => number | undefined {
  return (respondent, hour, fuel) =>
    fuels.find((f) => f.respondent === respondent && f.period.toISOString().startsWith(hour) && f.fuel === fuel)?.value;
}

/**
 * Each respondent's hour in recorded fuel rows (`rto/fuel-type-data`), with the sum of what EIA
 * sent for it and the fuels of that respondent and hour among `fuels`: nothing lost or made up
 * when their values add up to `sent`.
 */
export function recordedFuelHours<F extends FuelFigure>(
  rows: readonly Record<string, unknown>[],
  fuels: readonly F[],
): { key: string; sent: number; stored: F[] }[] {
  return [...new Set(rows.map((r) => `${String(r['respondent'])}|${String(r['period'])}`))].map((key) => {
    const [respondent, period] = key.split('|') as [string, string];
    const sent = rows.filter((r) => r['respondent'] === respondent && r['period'] === period).reduce((sum, r) => sum + Number(r['value']), 0);
    const stored = fuels.filter((f) => f.respondent === respondent && f.period.toISOString().startsWith(period));
    return { key, sent, stored };
  });
}

/** The sum of fuel figures' values. */
export const totalOf = (fuels: readonly FuelFigure[]): number => fuels.reduce((sum, f) => sum + f.value, 0);

/**
 * Fuels of the 2026 recording (`rto-fuel-type-data-2026-09-11.json`, with geothermal, other
 * storage and batteries) as the importer takes them: respondent, hour, fuel, value.
 */
export const RECORDED_2026_FUELS: readonly (readonly [respondent: string, hour: string, fuel: string, value: number])[] = [
  // Geothermal is stored as geothermal, never in Other.
  ['CAL', '2026-09-11T05', 'GEO', 1126],
  ['NW', '2026-09-11T05', 'GEO', 20],
  ['SW', '2026-09-11T05', 'GEO', 7],
  ['CAL', '2026-09-11T05', 'OTH', 5630],
  // Tennessee: other storage 0 is a figure (not a gap); wind with batteries counts as wind, unknown as Other.
  ['TEN', '2026-09-11T04', 'OES', 0],
  ['TEN', '2026-09-11T04', 'GEO', 0],
  ['TEN', '2026-09-11T04', 'WND', 0],
  ['TEN', '2026-09-11T04', 'OTH', 49],
  // The Southwest's unknown storage (-235) is other storage; solar with batteries (104) adds to its solar (396).
  ['SW', '2026-09-11T05', 'OES', -235],
  ['SW', '2026-09-11T05', 'SUN', 500],
];
