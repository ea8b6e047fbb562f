import type { AdminArticle } from '@/lib/wire/articles';
import { Badge } from '@/components/ui/badge';

/** Where a draft stands in review, as the articles list and the editor show it: waiting for an editor, or back with its writer. */
export function ReviewBadge({ state }: { state: AdminArticle['reviewState'] }) {
  if (state === 'submitted') return <Badge variant="info">In review</Badge>;
  if (state === 'returned') return <Badge variant="warning">Returned</Badge>;
  return null;
}
