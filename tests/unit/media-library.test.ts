import { describe, expect, it } from 'vitest';
import { variantWidths } from '@/server/services/media/library';

describe('the resized copies of a library image', () => {
  it('reach the image’s own sharpness: the standard widths below it, then its own unless a copy is within a fifth of it', () => {
    expect(variantWidths(800)).toEqual([480, 800]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(1000)).toEqual([480, 960]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(500)).toEqual([480]);
  });
});
