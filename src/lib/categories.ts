/** Badge colors by category slug; any other slug is gray. */
const BADGE_CLASSES: Record<string, string> = {
  'oil-gas': 'bg-blue-100 text-blue-900 ring-blue-200',
  renewables: 'bg-green-100 text-green-900 ring-green-200',
  utilities: 'bg-purple-100 text-purple-900 ring-purple-200',
  nuclear: 'bg-orange-100 text-orange-900 ring-orange-200',
  coal: 'bg-gray-200 text-gray-900 ring-gray-300',
  'policy-regulation': 'bg-red-100 text-red-900 ring-red-200',
};

const OTHER = 'bg-gray-200 text-gray-900 ring-gray-300';

/** Tailwind classes of a category badge. */
export function categoryBadgeClass(slug: string): string {
  return BADGE_CLASSES[slug] ?? OTHER;
}

/** The market series a topic page shows, by category slug (categories without any show none). */
export const TOPIC_MARKET_SERIES: Readonly<Record<string, readonly string[]>> = {
  'oil-gas': ['wti', 'brent', 'henry-hub'],
  utilities: ['electricity'],
};
