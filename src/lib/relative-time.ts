import { formatDistanceStrict } from 'date-fns';

/**
 * "3 days ago": relative publish time with the 'ago' suffix. Kept apart
 * from format.ts so islands that show no relative times do not ship date-fns.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = new Date(date);
  if (now.getTime() - then.getTime() < 60_000) return 'just now';
  return `${formatDistanceStrict(then, now)} ago`;
}
