import { describe, expect, it } from 'vitest';
import { formatHeadline } from '@/lib/calendar-format';
import {
  displayUnit,
  eiaSeriesCode,
  formatAsOf,
  formatMarketValue,
  formatNumber,
  formatPercentChange,
  formatQuote,
  formatSeriesChange,
  formatSeriesValue,
  isPeriod,
  marketDataSourceNote,
  roundAsShown,
  seriesSourceLine,
} from '@/lib/market-format';

describe('the site’s one number format', () => {
  it('puts the currency sign where readers expect it', () => {
    expect(formatMarketValue(71.4, '$/bbl', 2)).toBe('$71.40');
    expect(formatMarketValue(16.123, '¢/kWh', 2)).toBe('16.12¢');
    expect(formatMarketValue(1234.5, 'MWh', 1)).toBe('1,234.5');
    expect(formatMarketValue(-3.5, '$/bbl', 2)).toBe('−$3.50');
  });

  it('writes negative figures with a minus sign, never a hyphen, and zero unsigned', () => {
    expect(formatNumber(-1234.5, 1)).toBe('−1,234.5');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatPercentChange(1.234)).toBe('+1.23%');
    expect(formatPercentChange(-0.4)).toBe('−0.40%');
    expect(formatPercentChange(0)).toBe('0.00%');
    expect(formatPercentChange(-2.06, 1)).toBe('−2.1%');
  });

  it('says quantities stored in thousands in millions, the same on every page', () => {
    expect(displayUnit('thousand b/d', 0)).toEqual({ unit: 'million b/d', decimals: 2, factor: 1000 });
    expect(formatSeriesValue(13_049, { unit: 'thousand b/d', decimals: 0 })).toBe('13.05 million b/d');
    expect(formatSeriesValue(430_120, { unit: 'thousand bbl', decimals: 0 })).toBe('430.12 million bbl');
    expect(formatSeriesValue(3912, { unit: 'Bcf', decimals: 0 })).toBe('3,912 Bcf');
    expect(formatSeriesChange(-1204, -0.28, { unit: 'thousand bbl', decimals: 0 })).toBe('−1.20 (−0.3%)');
    expect(formatSeriesChange(1.25, 1.71, { unit: '$/bbl', decimals: 2 })).toBe('+1.25 (+1.7%)');
    expect(
      formatHeadline({
        seriesName: 'US crude oil inventories',
        value: 430_120,
        unit: 'thousand bbl',
        decimals: 0,
        period: '2026-11-13',
        frequency: 'weekly',
        change: 1204,
      }),
    ).toBe('US crude oil inventories 430.12 million bbl (+1.20), week of Nov 13, 2026');
  });
});

describe('market figures as readers see them', () => {
  it('says a value’s unit once: the currency sign is not repeated', () => {
    expect(formatQuote('15.15¢', '¢/kWh')).toBe('15.15¢/kWh');
    expect(formatQuote('$72.50', '$/bbl')).toBe('$72.50/bbl');
    expect(formatQuote('$2.84', '$/MMBtu')).toBe('$2.84/MMBtu');
    expect(formatQuote('1,234.5', 'MWh')).toBe('1,234.5 MWh');
  });

  it('dates a daily or weekly observation by its day and a monthly one by its month', () => {
    expect(formatAsOf('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatAsOf('2026-08-01', 'monthly')).toBe('August 2026');
    expect(formatAsOf('2026-08', 'monthly')).toBe('August 2026');
  });

  it('reads an ISO day or month without its frequency (a report row, a generation month)', () => {
    expect(formatAsOf('2026-09')).toBe('September 2026');
    expect(formatAsOf('2026-11-21')).toBe('Nov 21, 2026');
    expect(['2026-11-21', '2026-09', 'Texas', '2026-11-21T10:00', '12'].map(isPeriod)).toEqual([true, true, false, false, false]);
  });

  it('names the EIA series a stored source came from', () => {
    expect(eiaSeriesCode('eia:petroleum/pri/spt:RWTC')).toBe('RWTC');
    expect(eiaSeriesCode('eia:petroleum/crd/crpdn:MCRFPUS2')).toBe('MCRFPUS2');
    expect(eiaSeriesCode('eia:electricity/retail-sales:US,RES')).toBe('retail-sales US-RES');
  });

  it('says under a chart where its figures come from and how recent they are', () => {
    const wti = { name: 'WTI Crude Oil', source: 'eia:petroleum/pri/spt:RWTC' };
    const brent = { name: 'Brent Crude Oil', source: 'eia:petroleum/pri/spt:RBRTE' };
    const sampleGas = { name: 'Henry Hub Natural Gas', source: 'seed' };
    expect(seriesSourceLine([wti, brent], 'Nov 21, 2026')).toBe('Source: U.S. EIA, series RWTC and RBRTE, as of Nov 21, 2026.');
    expect(seriesSourceLine([sampleGas], 'Nov 21, 2026')).toBe('Sample data (seeded history, not EIA figures), as of Nov 21, 2026.');
    expect(seriesSourceLine([wti, sampleGas], 'Nov 21, 2026')).toBe(
      'Source: U.S. EIA, series RWTC; sample data for Henry Hub Natural Gas, as of Nov 21, 2026.',
    );
  });

  it('says under a list of market figures whether they are EIA’s or sample data', () => {
    expect(marketDataSourceNote([])).toBe('');
    expect(marketDataSourceNote([{ name: 'WTI Crude Oil', sample: true }])).toMatch(/^Sample data/);
    expect(
      marketDataSourceNote([
        { name: 'WTI Crude Oil', sample: false, series: 'RWTC' },
        { name: 'Brent Crude Oil', sample: false, series: 'RBRTE' },
      ]),
    ).toBe('Source: U.S. EIA, series RWTC and RBRTE.');
  });
});

describe('roundAsShown', () => {
  it('rounds a value exactly as it is written, halves away from zero on both sides, so a download says what the page shows', () => {
    for (const value of [-0.85, -1.85, 0.85, -0.05, 12.345, -2.25, 1234.56, -0.04])
      expect(roundAsShown(value, 1), String(value)).toBe(Number(formatPercentChange(value, 1).replace(/[+%,]/g, '').replace('−', '-')));
    expect(roundAsShown(-0.85, 1)).toBe(-0.9);
    expect(Math.round(-0.85 * 10) / 10).toBe(-0.8);
    expect(Object.is(roundAsShown(-0.04, 1), 0)).toBe(true);
  });
});
