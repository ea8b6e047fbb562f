import { describe, expect, it } from 'vitest';
import { defaultSettings, reportFromUrl, reportPageQuery, settingsParams } from '@/components/analytics/report-url';

describe('a report’s settings in the page URL', () => {
  it('holds what the reader chose and never the API’s response format', () => {
    const settings = defaultSettings();
    for (const kind of ['price', 'share', 'regional', 'custom'] as const) {
      expect(settings[kind]).not.toHaveProperty('format');
      expect(reportPageQuery(kind, settings[kind])).not.toMatch(/format=/);
    }
    expect(reportPageQuery('custom', { series: ['brent', 'gasoline'], range: '2y', chart: 'area' })).toBe(
      'tab=reports&report=custom&series=brent%2Cgasoline&range=2y&chart=area',
    );
    expect(settingsParams(settings.price).toString()).toBe('series=wti%2Cbrent&range=6m');
  });

  it('reopens a shared report, ignoring a format someone added and falling back to defaults for bad settings', () => {
    const shared = reportFromUrl('?tab=reports&report=price&series=wti,henry-hub&range=3m&format=json');
    expect(shared?.kind).toBe('price');
    expect(shared?.settings.price).toEqual({ series: ['wti', 'henry-hub'], range: '3m' });
    expect(reportFromUrl('?report=regional&metric=nonsense')?.settings.regional).toEqual({ metric: 'generation' });
    expect(reportFromUrl('?report=nope')).toBeUndefined();
    expect(reportFromUrl('?tab=reports')).toBeUndefined();
  });
});
