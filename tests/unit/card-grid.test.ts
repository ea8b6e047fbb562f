import { describe, expect, it } from 'vitest';
import { leadCardClasses, leadSpan } from '@/lib/card-grid';

describe('card grids end on a full row', () => {
  it('spans the first card over the columns the last row lacks', () => {
    for (const columns of [2, 3])
      for (let count = 1; count <= 13; count++) {
        const span = leadSpan(count, columns);
        expect(span).toBeGreaterThanOrEqual(1);
        expect(span).toBeLessThanOrEqual(columns);
        if (count > 1) expect((count - 1 + span) % columns, `${count} cards in ${columns} columns`).toBe(0);
      }
    expect(leadSpan(5, 2)).toBe(2);
    expect(leadSpan(4, 2)).toBe(1);
    expect(leadSpan(1, 3)).toBe(1);
  });

  it('lays the first card out wide only where it spans several columns', () => {
    expect(leadCardClasses(5, { md: 2 })).toEqual({ span: 'md:col-span-2', wide: 'md:flex-row', image: 'md:w-1/2 md:shrink-0' });
    expect(leadCardClasses(6, { md: 2, lg: 3 })).toMatchObject({ span: 'md:col-span-1 lg:col-span-1', wide: 'md:flex-col lg:flex-col' });
    expect(leadCardClasses(3, { md: 2, lg: 3 })).toEqual({
      span: 'md:col-span-2 lg:col-span-1',
      wide: 'md:flex-row lg:flex-col',
      image: 'md:w-1/2 md:shrink-0 lg:w-full',
    });
  });
});
