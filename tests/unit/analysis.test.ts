import { describe, expect, it } from 'vitest';
import { analysisChartOf } from '@/lib/analysis';

describe('the chart an analysis item asks for in its metadata', () => {
  it('takes the known series, a range (or days rounded up to one) and a chart type', () => {
    expect(analysisChartOf({ series: ['wti', 'brent'], range: '90d' })).toEqual({ series: ['wti', 'brent'], range: '3m', chart: 'line' });
    expect(analysisChartOf({ series: 'henry-hub, gasoline', range: '6m', chart: 'area' })).toEqual({
      series: ['henry-hub', 'gasoline'],
      range: '6m',
      chart: 'area',
    });
    expect(analysisChartOf({ series: ['gasoline'] })).toEqual({ series: ['gasoline'], range: '1y', chart: 'line' });
    expect(analysisChartOf({ series: ['wti'], range: '5000d', chart: 'pie' })).toEqual({ series: ['wti'], range: '2y', chart: 'line' });
  });

  it('is none without a series the site stores', () => {
    expect(analysisChartOf({})).toBeUndefined();
    expect(analysisChartOf({ period: 'quarterly' })).toBeUndefined();
    expect(analysisChartOf({ series: ['uranium', 42] })).toBeUndefined();
    expect(analysisChartOf({ series: { wti: true } })).toBeUndefined();
  });
});
