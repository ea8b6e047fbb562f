import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '@/lib/energy';
import { US_STATE_PATHS } from '@/lib/us-map';
import { makeUsMap } from '../../scripts/make-us-map.ts';

describe('the states map', () => {
  it('is what `npm run map:states` writes from us-atlas', () => {
    expect(readFileSync(new URL('../../src/lib/us-map.ts', import.meta.url), 'utf8')).toBe(makeUsMap());
  });

  it('outlines every state and DC, each a closed path', () => {
    expect(Object.keys(US_STATE_PATHS).sort()).toEqual(Object.keys(US_STATES).sort());
    for (const [code, path] of Object.entries(US_STATE_PATHS)) expect(path, code).toMatch(/^M[\d.,\- lMz]+z$/);
  });
});
