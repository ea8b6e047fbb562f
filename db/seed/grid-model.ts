// The illustrative week of the live grid a fresh install shows until the hourly EIA import
// replaces it (labeled "Illustrative sample" wherever it shows). A small model of each region:
// demand follows the day (a night trough, an evening peak), the week (quieter weekends) and the
// season; solar follows the sun in the region's own time zone and the season; wind drifts over
// days; nuclear and geothermal run flat; batteries charge in the solar hours and discharge into
// the evening peak, pumped storage pumps at night and generates in the afternoon (both negative
// while they charge); natural gas fills what is left; the Lower 48 is the sum of its
// regions. Deterministic: an hour's figures are the same whenever the seed runs.
import { GRID_FUEL_CODES, GRID_REGIONS, LOWER_48, type GridFuelCode, type GridRegionCode } from '../catalog/grid.ts';
import { wallClock } from '../catalog/days.ts';

const HOUR_MS = 3_600_000;
/** Hours of demand the sample holds, and hours of day-ahead forecast after them. */
export const SAMPLE_GRID_HOURS = 168;
const FORECAST_AHEAD_HOURS = 12;

interface RegionProfile {
  /** Average demand, MW. */
  demand: number;
  /** Average total interchange, MW (positive: sends power out). */
  interchange: number;
  /** Average shares of generation (for storage: its peak output); natural gas takes the rest. */
  shares: Partial<Record<Exclude<GridFuelCode, 'NG'>, number>>;
}

/** Each region's profile (the Lower 48 is their sum): the type asks for one per region of the catalog. */
const PROFILES: Record<Exclude<GridRegionCode, typeof LOWER_48>, RegionProfile> = {
  CAL: { demand: 28_000, interchange: -7_000, shares: { NUC: 0.07, WAT: 0.1, GEO: 0.04, WND: 0.07, SUN: 0.25, BAT: 0.12, OTH: 0.04 } },
  CAR: { demand: 22_000, interchange: -500, shares: { NUC: 0.42, COL: 0.12, WAT: 0.03, SUN: 0.07, OIL: 0.002, OTH: 0.02 } },
  CENT: { demand: 32_000, interchange: 1_000, shares: { NUC: 0.04, COL: 0.28, WAT: 0.02, WND: 0.4, SUN: 0.02, OTH: 0.01 } },
  FLA: { demand: 28_000, interchange: -800, shares: { NUC: 0.12, COL: 0.05, SUN: 0.08, OIL: 0.005, OTH: 0.02 } },
  MIDA: { demand: 88_000, interchange: 4_000, shares: { NUC: 0.33, COL: 0.15, WAT: 0.01, WND: 0.04, SUN: 0.03, OIL: 0.002, PS: 0.02, OTH: 0.02 } },
  MIDW: { demand: 75_000, interchange: -1_000, shares: { NUC: 0.15, COL: 0.33, WAT: 0.01, WND: 0.18, SUN: 0.03, OTH: 0.01 } },
  NE: { demand: 14_000, interchange: -1_500, shares: { NUC: 0.22, WAT: 0.07, WND: 0.03, SUN: 0.04, OIL: 0.01, OTH: 0.09 } },
  NY: { demand: 17_000, interchange: -1_200, shares: { NUC: 0.2, WAT: 0.23, WND: 0.04, SUN: 0.02, OIL: 0.005, OTH: 0.03 } },
  NW: { demand: 42_000, interchange: 2_500, shares: { NUC: 0.02, COL: 0.12, WAT: 0.45, GEO: 0.005, WND: 0.12, SUN: 0.03, OTH: 0.02 } },
  SE: { demand: 30_000, interchange: 500, shares: { NUC: 0.22, COL: 0.18, WAT: 0.03, SUN: 0.05, OTH: 0.03 } },
  SW: { demand: 14_000, interchange: 2_000, shares: { NUC: 0.2, COL: 0.17, WAT: 0.02, WND: 0.03, SUN: 0.12, BAT: 0.04, OTH: 0.01 } },
  TEN: { demand: 20_000, interchange: -1_000, shares: { NUC: 0.4, COL: 0.17, WAT: 0.1, SUN: 0.01, PS: 0.06, OTH: 0.01 } },
  TEX: { demand: 50_000, interchange: 300, shares: { NUC: 0.08, COL: 0.13, WND: 0.25, SUN: 0.1, BAT: 0.06, OTH: 0.01 } },
};

/** Whether a region has a fuel: natural gas everywhere, the others where it has a share of them. */
const hasFuel = (profile: RegionProfile, fuel: GridFuelCode) => fuel === 'NG' || (profile.shares[fuel] ?? 0) > 0;

/** A number in [-1, 1] fixed by its key: the same hour and region always draw the same. */
function noise(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (((h ^ (h >>> 16)) >>> 0) / 4294967295) * 2 - 1;
}

/** The local hour (0–23, of the hour's middle), month (1–12), weekday (0 Sunday) and day of an hour ending at `end`. */
function localClock(end: number, timeZone: string): { hour: number; month: number; weekday: number; day: string } {
  const clock = wallClock(end - HOUR_MS / 2, timeZone);
  return { hour: clock.hour + 0.5, month: Number(clock.day.slice(5, 7)), weekday: clock.weekday, day: clock.day };
}

/**
 * A battery over the day, as a share of its peak output: charging (negative) through the sunny
 * hours, discharging into the evening peak, idle at night; it takes in a little more than it gives back.
 */
const batteryShape = (hour: number) => Math.exp(-((hour - 19) ** 2) / 3) - 0.75 * Math.exp(-((hour - 12) ** 2) / 6);
/** Pumped storage over the day: pumping (negative) in the night's trough, generating through the afternoon and evening. */
const pumpedShape = (hour: number) => 0.8 * Math.exp(-((hour - 17) ** 2) / 10) - 0.9 * Math.exp(-((hour - 3) ** 2) / 6);

/** Demand over the day: a trough before dawn, a morning shoulder, the peak in the early evening. */
const dailyShape = (hour: number) =>
  0.9 + 0.2 * Math.exp(-((hour - 17.5) ** 2) / 16) + 0.05 * Math.exp(-((hour - 9) ** 2) / 8) - 0.1 * Math.exp(-((hour - 4) ** 2) / 6);
/** Demand over the year: summer and winter peaks. */
const seasonal = (month: number) => 0.92 + 0.16 * Math.cos(((month - 7) / 6) * Math.PI) ** 2;
/** The sun's height in the sky, 0 at night; summer days are longer and brighter. */
const sun = (hour: number, month: number) => {
  const summer = Math.cos(((month - 6) / 6) * Math.PI); // 1 in June, −1 in December
  const length = 12.5 + 1.8 * summer;
  const x = (hour - (12.5 - length / 2)) / length;
  return x <= 0 || x >= 1 ? 0 : Math.sin(Math.PI * x) * (1 + 0.2 * summer);
};
/** The average of `sun` over a day, so a region's solar share is its average. */
const SUN_MEAN = 0.36;

export interface SampleGridHour {
  respondent: string;
  period: Date;
  demand: number | null;
  forecast: number;
  generation: number | null;
  interchange: number | null;
  sample: true;
}

export interface SampleGridFuel {
  respondent: string;
  period: Date;
  fuel: GridFuelCode;
  value: number;
  sample: true;
}

/** One region's hour: its figures and its generation by fuel, MW. */
function regionHour(code: string, profile: RegionProfile, timeZone: string, end: number) {
  const clock = localClock(end, timeZone);
  const hourKey = `${code}|${end / HOUR_MS}`;
  const dayKey = `${code}|${clock.day}`;
  const weekend = clock.weekday === 0 || clock.weekday === 6 ? 0.93 : 1;
  const demand =
    profile.demand * dailyShape(clock.hour) * seasonal(clock.month) * weekend * (1 + 0.025 * noise(`d${dayKey}`) + 0.006 * noise(`h${hourKey}`));
  // EIA's day-ahead forecast misses by a percent or two, more on some days.
  const forecast = demand * (1 + 0.018 * noise(`f${dayKey}`) + 0.008 * noise(`g${hourKey}`));
  const days = end / (24 * HOUR_MS);
  const wind = Math.max(
    0.08,
    1 + 0.55 * Math.sin((2 * Math.PI * days) / 3.3 + 6 * (noise(`w${code}`) + 1)) + 0.15 * Math.sin((2 * Math.PI * (clock.hour - 2)) / 24),
  );
  const clouds = 0.75 + 0.25 * noise(`c${dayKey}`);
  const s = profile.shares;
  const scale = profile.demand * seasonal(clock.month);
  const fuels: Record<GridFuelCode, number> = {
    NUC: (s.NUC ?? 0) * profile.demand,
    COL: (s.COL ?? 0) * scale * (0.85 + 0.15 * dailyShape(clock.hour)),
    NG: 0,
    WAT: (s.WAT ?? 0) * scale * (0.75 + 0.3 * dailyShape(clock.hour)),
    WND: (s.WND ?? 0) * profile.demand * wind,
    SUN: ((s.SUN ?? 0) * profile.demand * sun(clock.hour, clock.month) * clouds) / SUN_MEAN,
    OIL: (s.OIL ?? 0) * scale,
    GEO: (s.GEO ?? 0) * profile.demand,
    BAT: (s.BAT ?? 0) * profile.demand * batteryShape(clock.hour),
    PS: (s.PS ?? 0) * profile.demand * pumpedShape(clock.hour),
    OES: (s.OES ?? 0) * profile.demand,
    OTH: (s.OTH ?? 0) * profile.demand,
  };
  const interchange = profile.interchange * (1 + 0.2 * noise(`i${hourKey}`));
  const others = Object.values(fuels).reduce((sum, v) => sum + v, 0);
  // Gas fills what demand and interchange ask for; it never drops below a floor of must-run units.
  fuels.NG = Math.max(0.04 * demand, demand + interchange - others);
  const generation = Object.values(fuels).reduce((sum, v) => sum + v, 0);
  return { demand, forecast, generation, interchange: generation - demand, fuels };
}

/**
 * The sample's hours, oldest first: `SAMPLE_GRID_HOURS` hours of every region and the Lower 48,
 * ending with the last whole hour before `now`, then `FORECAST_AHEAD_HOURS` of forecast alone.
 */
export function sampleGridWeek(now: Date): { hours: SampleGridHour[]; fuels: SampleGridFuel[] } {
  const last = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hours: SampleGridHour[] = [];
  const fuels: SampleGridFuel[] = [];
  const round = Math.round;
  for (let i = SAMPLE_GRID_HOURS - 1; i >= -FORECAST_AHEAD_HOURS; i--) {
    const end = last - i * HOUR_MS;
    const period = new Date(end);
    const ahead = i < 0;
    const total = { demand: 0, forecast: 0, generation: 0, interchange: 0 };
    const totalFuels = Object.fromEntries(GRID_FUEL_CODES.map((f) => [f, 0])) as Record<GridFuelCode, number>;
    for (const region of GRID_REGIONS) {
      const profile = region.code === LOWER_48 ? undefined : PROFILES[region.code];
      if (!profile) continue;
      const h = regionHour(region.code, profile, region.timeZone, end);
      total.demand += round(h.demand);
      total.forecast += round(h.forecast);
      total.generation += round(h.generation);
      total.interchange += round(h.interchange);
      hours.push({
        respondent: region.code,
        period,
        demand: ahead ? null : round(h.demand),
        forecast: round(h.forecast),
        generation: ahead ? null : round(h.generation),
        interchange: ahead ? null : round(h.interchange),
        sample: true,
      });
      if (ahead) continue;
      // A region reports the fuels it has (EIA sends no rows for the others).
      for (const fuel of GRID_FUEL_CODES) {
        if (!hasFuel(profile, fuel)) continue;
        totalFuels[fuel] += round(h.fuels[fuel]);
        fuels.push({ respondent: region.code, period, fuel, value: round(h.fuels[fuel]), sample: true });
      }
    }
    hours.push({
      respondent: LOWER_48,
      period,
      demand: ahead ? null : total.demand,
      forecast: total.forecast,
      generation: ahead ? null : total.generation,
      interchange: ahead ? null : total.interchange,
      sample: true,
    });
    if (!ahead)
      for (const fuel of GRID_FUEL_CODES.filter((f) => Object.values(PROFILES).some((p) => hasFuel(p, f))))
        fuels.push({ respondent: LOWER_48, period, fuel, value: totalFuels[fuel], sample: true });
  }
  return { hours, fuels };
}
