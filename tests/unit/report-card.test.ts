import { describe, expect, it } from 'vitest';
import type { Report } from '@/lib/wire/markets';
import { reportCard } from '@/server/services/charts/previews';

// A report's preview card leads with a figure of what it draws: the latest value of its first
// series that has one (a line), the largest share (a donut), the first bar (a ranking).
const report = (chart: Partial<Report['chart']>): Report =>
  ({
    title: 'Crude benchmarks',
    subtitle: 'Daily, last month',
    source: 'Source: EIA.',
    notes: [],
    chart: { type: 'line', xType: 'datetime', series: [], yTitle: '$/bbl', decimals: 2, ...chart },
  }) as unknown as Report;

describe('a report’s card', () => {
  it('leads with the latest figure of the first series that has one, with its unit and day', () => {
    const card = reportCard(
      report({
        series: [
          { name: 'Gone', data: [[Date.UTC(2026, 10, 19), null]] },
          {
            name: 'WTI',
            data: [
              [Date.UTC(2026, 10, 19), 70.5],
              [Date.UTC(2026, 10, 20), 71.25],
              [Date.UTC(2026, 10, 21), null],
            ],
          },
        ],
      }),
    );
    expect(card.figure).toEqual({ value: '71.25', label: 'WTI ($/bbl), as of Nov 20, 2026' });
    expect(card.spec.title).toBe('Crude benchmarks');
  });

  it('leads a share with its largest slice, and has no figure when nothing is drawn', () => {
    const share = reportCard(
      report({
        type: 'donut',
        xType: 'category',
        categories: ['Coal', 'Natural gas'],
        series: [{ name: 'Share (%)', data: [17, 40.2] }],
        decimals: 1,
        valueSuffix: '%',
      }),
    );
    expect(share.figure).toEqual({ value: '40.2%', label: 'Natural gas, the largest share' });
    expect(reportCard(report({ series: [{ name: 'WTI', data: [] }] })).figure).toBeUndefined();
  });
});
