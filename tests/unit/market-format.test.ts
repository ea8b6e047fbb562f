import { describe, expect, it } from 'vitest';
import { eiaSeriesCode, formatAsOf, formatQuote, marketDataSourceNote, seriesSourceLine } from '@/lib/market-format';

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
