// Card grids that end on a full row: when the cards do not fill the last row, the first card
// (the newest story) spans as many columns as the row lacks, laid out wide, so no card stands
// alone at the end. One rule for every grid of article cards.

/** How many columns the first of `count` cards spans in a grid of `columns`, so the last row is full. */
export function leadSpan(count: number, columns: number): number {
  if (count <= 1 || columns <= 1) return 1;
  return columns - ((count - 1) % columns);
}

/** Spans per breakpoint as Tailwind writes them (whole class names, so the build keeps them). */
const SPAN_CLASS = {
  md: ['', 'md:col-span-1', 'md:col-span-2', 'md:col-span-3'],
  lg: ['', 'lg:col-span-1', 'lg:col-span-2', 'lg:col-span-3'],
} as const;
const WIDE_CLASS = { md: ['md:flex-col', 'md:flex-row'], lg: ['lg:flex-col', 'lg:flex-row'] } as const;
const IMAGE_CLASS = { md: ['md:w-full', 'md:w-1/2 md:shrink-0'], lg: ['lg:w-full', 'lg:w-1/2 lg:shrink-0'] } as const;

export type GridColumns = Partial<Record<keyof typeof SPAN_CLASS, number>>;

/**
 * The first card's classes in a grid of `columns` per breakpoint (`{ md: 2, lg: 3 }`): its span,
 * `wide` (the card's own layout: image beside the text) where it spans more than one column, and
 * its image's width to match.
 */
export function leadCardClasses(count: number, columns: GridColumns): { span: string; wide: string; image: string } {
  const span: string[] = [];
  const wide: string[] = [];
  const image: string[] = [];
  for (const breakpoint of ['md', 'lg'] as const) {
    const cols = columns[breakpoint];
    if (cols === undefined) continue;
    const n = leadSpan(count, cols);
    span.push(SPAN_CLASS[breakpoint][n] ?? '');
    wide.push(WIDE_CLASS[breakpoint][n > 1 ? 1 : 0]);
    image.push(IMAGE_CLASS[breakpoint][n > 1 ? 1 : 0]);
  }
  return { span: span.filter(Boolean).join(' '), wide: wide.join(' '), image: image.join(' ') };
}
