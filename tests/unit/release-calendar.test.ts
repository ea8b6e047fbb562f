import { describe, expect, it } from 'vitest';
import { MARKET_SERIES, type MarketSeriesFacts } from '@db/catalog/market-series';
import { RELEASE_KINDS, RELEASE_RULES, federalHolidays, holidayOn, releasesBetween, type Release } from '@/lib/release-calendar';
import { nextDailyRun, zonedTime } from '@/lib/zoned-time';

const year2026 = releasesBetween('2026-01-01', '2026-12-31');
const of = (kind: Release['kind']) => year2026.filter((r) => r.kind === kind);
const byScheduledDay = (kind: Release['kind'], day: string) => year2026.find((r) => r.kind === kind && r.scheduledDay === day);

describe('US federal holidays', () => {
  it('lists the eleven observed holidays of 2026, a Saturday holiday on the Friday', () => {
    expect(federalHolidays(2026).map((h) => `${h.day} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-01-19 Martin Luther King Jr. Day',
      "2026-02-16 Washington's Birthday",
      '2026-05-25 Memorial Day',
      '2026-06-19 Juneteenth',
      '2026-07-03 Independence Day',
      '2026-09-07 Labor Day',
      '2026-10-12 Columbus Day',
      '2026-11-11 Veterans Day',
      '2026-11-26 Thanksgiving Day',
      '2026-12-25 Christmas Day',
    ]);
  });

  it('observes a Sunday holiday on the Monday and a Saturday New Year on December 31 of the year before', () => {
    // Juneteenth 2022 was a Sunday; January 1, 2028 is a Saturday; Christmas 2027 a Saturday.
    expect(holidayOn('2022-06-20')?.name).toBe('Juneteenth');
    expect(holidayOn('2027-12-31')?.name).toBe("New Year's Day");
    expect(holidayOn('2027-12-24')?.name).toBe('Christmas Day');
    expect(federalHolidays(2027)).toHaveLength(12);
    expect(federalHolidays(2028).some((h) => h.name === "New Year's Day")).toBe(false);
  });
});

describe('EIA release rules across 2026', () => {
  it('has one Weekly Petroleum Status Report and one storage report a week, and every other release once', () => {
    expect(of('wpsr')).toHaveLength(52);
    // 2026 starts on a Thursday, so it has 53 Thursdays.
    expect(of('storage')).toHaveLength(53);
    expect(of('steo')).toHaveLength(12);
    expect(of('epm')).toHaveLength(12);
    expect(of('psm')).toHaveLength(12);
    expect(new Set(year2026.map((r) => r.id)).size).toBe(year2026.length);
  });

  it('puts the WPSR on Wednesday at 10:30 Eastern in an ordinary week', () => {
    const r = byScheduledDay('wpsr', '2026-03-11');
    expect(r).toMatchObject({ day: '2026-03-11', time: '10:30', period: '2026-03-06' });
    expect(r?.movedFor).toBeUndefined();
    // 10:30 EDT is 14:30 UTC; in winter 10:30 EST is 15:30 UTC.
    expect(r?.startsAt.toISOString()).toBe('2026-03-11T14:30:00.000Z');
    expect(byScheduledDay('wpsr', '2026-01-07')?.startsAt.toISOString()).toBe('2026-01-07T15:30:00.000Z');
  });

  it('moves the WPSR to Thursday at 11:00 after a Monday holiday, and keeps the storage report on Thursday at 10:30', () => {
    for (const [wednesday, thursday, holiday] of [
      ['2026-01-21', '2026-01-22', 'Martin Luther King Jr. Day'],
      ['2026-02-18', '2026-02-19', "Washington's Birthday"],
      ['2026-05-27', '2026-05-28', 'Memorial Day'],
      ['2026-09-09', '2026-09-10', 'Labor Day'],
      ['2026-10-14', '2026-10-15', 'Columbus Day'],
    ] as const) {
      expect(byScheduledDay('wpsr', wednesday)).toMatchObject({ day: thursday, time: '11:00', movedFor: holiday });
      expect(byScheduledDay('storage', thursday)).toMatchObject({ day: thursday, time: '10:30' });
    }
  });

  it('moves the WPSR a day when its own Wednesday is a holiday (Veterans Day 2026)', () => {
    expect(byScheduledDay('wpsr', '2026-11-11')).toMatchObject({ day: '2026-11-12', time: '11:00', movedFor: 'Veterans Day' });
  });

  it('moves the storage report off a Thursday holiday: Thanksgiving to Wednesday noon, New Year to Friday', () => {
    expect(byScheduledDay('storage', '2026-11-26')).toMatchObject({ day: '2026-11-25', time: '12:00', movedFor: 'Thanksgiving Day' });
    expect(byScheduledDay('wpsr', '2026-11-25')).toMatchObject({ day: '2026-11-25', time: '10:30' });
    expect(byScheduledDay('storage', '2026-01-01')).toMatchObject({ day: '2026-01-02', time: '10:30', movedFor: "New Year's Day" });
    // Christmas 2026 is a Friday: neither weekly report moves.
    expect(byScheduledDay('wpsr', '2026-12-23')?.day).toBe('2026-12-23');
    expect(byScheduledDay('storage', '2026-12-24')?.day).toBe('2026-12-24');
  });

  it('moves every weekly release only in holiday weeks', () => {
    const holidays = new Set(federalHolidays(2026).map((h) => h.day));
    for (const r of [...of('wpsr'), ...of('storage'), ...of('fuel-prices')]) {
      if (r.day === r.scheduledDay) continue;
      expect(r.movedFor, r.id).toBeDefined();
      const week = Array.from({ length: 7 }, (_, i) =>
        new Date(Date.parse(`${r.scheduledDay}T00:00:00Z`) - (i - 3) * 86_400_000).toISOString().slice(0, 10),
      );
      expect(
        week.some((d) => holidays.has(d)),
        r.id,
      ).toBe(true);
    }
    // Five Monday holidays and Veterans Day; Juneteenth and Independence Day fall on Fridays.
    expect(of('wpsr').filter((r) => r.day !== r.scheduledDay)).toHaveLength(6);
  });

  it('moves the Monday fuel-price update to Tuesday after a Monday holiday', () => {
    expect(byScheduledDay('fuel-prices', '2026-09-07')).toMatchObject({ day: '2026-09-08', time: '17:00', period: '2026-09-07' });
    expect(byScheduledDay('fuel-prices', '2026-09-14')).toMatchObject({ day: '2026-09-14' });
  });

  it('puts the STEO on the first Tuesday on or after the 6th at noon, a day later after a holiday that week', () => {
    expect(of('steo').map((r) => r.day)).toEqual([
      '2026-01-06',
      '2026-02-10',
      '2026-03-10',
      '2026-04-07',
      '2026-05-12',
      '2026-06-09',
      '2026-07-07',
      '2026-08-11',
      // Labor Day is Monday, September 7.
      '2026-09-09',
      '2026-10-06',
      '2026-11-10',
      '2026-12-08',
    ]);
    expect(of('steo').every((r) => r.time === '12:00' && r.period === undefined)).toBe(true);
  });

  it('matches the STEO of November 2024, moved to Wednesday by Veterans Day', () => {
    expect(releasesBetween('2024-11-01', '2024-11-30').find((r) => r.kind === 'steo')?.day).toBe('2024-11-13');
  });

  it('puts the Electric Power Monthly on the 24th or the next business day, with the data of two months before', () => {
    const epm = of('epm');
    expect(epm.map((r) => r.day)).toEqual([
      '2026-01-26',
      '2026-02-24',
      '2026-03-24',
      '2026-04-24',
      '2026-05-26',
      '2026-06-24',
      '2026-07-24',
      '2026-08-24',
      '2026-09-24',
      '2026-10-26',
      '2026-11-24',
      '2026-12-24',
    ]);
    expect(epm[0]?.period).toBe('2025-11-01');
    // May 24 is a Sunday and May 25 Memorial Day.
    expect(epm[4]?.movedFor).toBe('Memorial Day');
  });

  it('puts the Petroleum Supply Monthly on the last business day of the month, with the data of two months before', () => {
    const psm = of('psm');
    expect(psm.map((r) => r.day)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-31',
      '2026-04-30',
      '2026-05-29',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      // October 31 is a Saturday.
      '2026-10-30',
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(psm.map((r) => r.period)).toEqual(Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m - 2, 1)).toISOString().slice(0, 10)));
    expect(psm.every((r) => r.time === '10:00')).toBe(true);
  });

  it('answers only releases inside the window, in time order', () => {
    const week = releasesBetween('2026-11-23', '2026-11-29');
    expect(week.map((r) => `${r.day} ${r.time} ${r.kind}`)).toEqual([
      '2026-11-23 17:00 fuel-prices',
      '2026-11-24 10:00 epm',
      '2026-11-25 10:30 wpsr',
      '2026-11-25 12:00 storage',
    ]);
  });
});

describe('the series each release updates (from the market-series catalog)', () => {
  const slugsOf = (kind: Release['kind']) => RELEASE_RULES[kind].series.map((s) => s.slug);

  it('publishes the daily spot prices with the WPSR, as EIA does (the futures strip with them, unlisted), and the forecasts with the outlook', () => {
    expect(slugsOf('wpsr')).toEqual(['wti', 'brent', 'henry-hub', 'crude-inventories', 'cushing-stocks', 'distillate-inventories']);
    // The WTI contracts come with it; EIA stopped the Henry Hub ones, which no release updates any more.
    const futures = MARKET_SERIES.filter((s) => s.slug.includes('-futures-'));
    expect(futures.filter((s) => (s.releases as readonly string[]).includes('wpsr')).map((s) => s.slug)).toEqual(
      [1, 2, 3, 4].map((n) => `wti-futures-${n}`),
    );
    expect(futures.filter((s) => s.releases.length === 0).map((s) => s.slug)).toEqual([1, 2, 3, 4].map((n) => `henry-hub-futures-${n}`));
    expect(slugsOf('steo')).toEqual(['wti-steo', 'brent-steo', 'henry-hub-steo', 'electricity-steo']);
    expect(slugsOf('psm')).toEqual(['crude-production']);
    expect(slugsOf('epm')).toEqual(['electricity']);
    expect(slugsOf('fuel-prices')).toEqual(['gasoline', 'diesel']);
    expect(slugsOf('storage')).toEqual(['gas-storage']);
  });

  it('ties every series EIA still publishes to at least one release, and each release’s headline to a series it updates', () => {
    for (const s of MARKET_SERIES as readonly MarketSeriesFacts[]) expect(s.releases.length > 0, s.slug).toBe(s.ended === undefined);
    for (const kind of RELEASE_KINDS) {
      const headline = RELEASE_RULES[kind].headline;
      if (headline) expect(slugsOf(kind), kind).toContain(headline);
    }
  });
});

describe('Eastern wall-clock times', () => {
  it('converts across the daylight-saving changes', () => {
    expect(zonedTime('2026-03-07', '10:30', 'America/New_York').toISOString()).toBe('2026-03-07T15:30:00.000Z');
    expect(zonedTime('2026-03-08', '10:30', 'America/New_York').toISOString()).toBe('2026-03-08T14:30:00.000Z');
    expect(zonedTime('2026-11-01', '10:30', 'America/New_York').toISOString()).toBe('2026-11-01T15:30:00.000Z');
    expect(zonedTime('2026-10-31', '23:30', 'America/New_York').toISOString()).toBe('2026-11-01T03:30:00.000Z');
  });
});

describe('the daily import schedule', () => {
  const ET = 'America/New_York';
  it('runs next at the first Eastern time after now, tomorrow once today’s have passed', () => {
    expect(nextDailyRun(['11:00'], new Date('2026-11-23T15:59:00Z'), ET).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(nextDailyRun(['11:00'], new Date('2026-11-23T16:00:00Z'), ET).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(nextDailyRun(['06:30', '11:00'], new Date('2026-11-23T12:00:00Z'), ET).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // Late evening Eastern is already the next day in UTC.
    expect(nextDailyRun(['06:30'], new Date('2026-11-24T03:00:00Z'), ET).toISOString()).toBe('2026-11-24T11:30:00.000Z');
  });

  it('keeps the Eastern time across the change to daylight saving time', () => {
    expect(nextDailyRun(['11:00'], new Date('2026-03-07T17:00:00Z'), ET).toISOString()).toBe('2026-03-08T15:00:00.000Z');
  });
});
