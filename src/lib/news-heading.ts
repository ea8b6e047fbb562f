import type { Category } from '@/lib/wire/articles';

/** The news page's heading: "Nuclear News" for a category, else "Energy News". */
export function newsHeading(categories: readonly Category[], category: string): string {
  const name = categories.find((c) => c.slug === category)?.name;
  return name ? `${name} News` : 'Energy News';
}
