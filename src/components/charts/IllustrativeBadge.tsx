import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';

/**
 * Marks figures that are examples, not measurements (the fixed dashboard and hero
 * figures). Plain text, so screen readers say it where it stands.
 */
export function IllustrativeBadge({ className }: { className?: string }) {
  return (
    <Badge variant="plain" className={cn('bg-amber-50 text-amber-900 ring-amber-300', className)}>
      Illustrative figures
    </Badge>
  );
}
