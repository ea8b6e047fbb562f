// No file in src is over 400 lines: a file past that holds more than one concern and is split
// by concern (see docs/contributing.md). `npm run check` runs this check too
// (scripts/file-sizes.ts), so it fails before any test runs.
import { describe, expect, it } from 'vitest';
import { MAX_LINES, oversizedFiles } from '../../scripts/file-sizes.ts';

describe('the size of source files', () => {
  it(`finds no file in src over ${MAX_LINES} lines`, () => {
    expect(oversizedFiles()).toEqual([]);
  });

  it('can fail: a file over the limit is named with its length', () => {
    expect(oversizedFiles([{ path: 'src/big.ts', text: 'x\n'.repeat(MAX_LINES + 1) }])).toEqual([`src/big.ts: ${MAX_LINES + 1} lines`]);
    expect(oversizedFiles([{ path: 'src/ok.ts', text: 'x\n'.repeat(MAX_LINES) }])).toEqual([]);
  });
});
