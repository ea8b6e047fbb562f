/**
 * Badge colors by category slug, as Tailwind classes for pages (with their dark-theme pair) and
 * as the light colors in hex for drawn images (the Open Graph cards); any other slug is gray.
 */
interface Badge {
  classes: string;
  background: string;
  text: string;
}

const BADGES: Record<string, Badge> = {
  'oil-gas': {
    classes: 'bg-blue-100 text-blue-900 ring-blue-200 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800',
    background: '#dbeafe',
    text: '#1e3a8a',
  },
  renewables: {
    classes: 'bg-green-100 text-green-900 ring-green-200 dark:bg-green-950 dark:text-green-200 dark:ring-green-800',
    background: '#dcfce7',
    text: '#14532d',
  },
  utilities: {
    classes: 'bg-purple-100 text-purple-900 ring-purple-200 dark:bg-purple-950 dark:text-purple-200 dark:ring-purple-800',
    background: '#f3e8ff',
    text: '#581c87',
  },
  nuclear: {
    classes: 'bg-orange-100 text-orange-900 ring-orange-200 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-800',
    background: '#ffedd5',
    text: '#7c2d12',
  },
  coal: {
    classes: 'bg-gray-200 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600',
    background: '#e5e7eb',
    text: '#111827',
  },
  'policy-regulation': {
    classes: 'bg-red-100 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
    background: '#fee2e2',
    text: '#7f1d1d',
  },
};

const OTHER: Badge = {
  classes: 'bg-gray-200 text-gray-900 ring-gray-300 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600',
  background: '#e5e7eb',
  text: '#111827',
};

/** Tailwind classes of a category badge. */
export function categoryBadgeClass(slug: string): string {
  return (BADGES[slug] ?? OTHER).classes;
}

/** A category badge's background and text colors in hex. */
export function categoryBadgeColors(slug: string): { background: string; text: string } {
  const { background, text } = BADGES[slug] ?? OTHER;
  return { background, text };
}

/** The market series a topic page shows, by category slug (categories without any show none). */
export const TOPIC_MARKET_SERIES: Readonly<Record<string, readonly string[]>> = {
  'oil-gas': ['wti', 'brent', 'henry-hub'],
  utilities: ['electricity'],
};
