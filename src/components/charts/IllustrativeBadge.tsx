import { Badge } from '@/components/ui/badge';

/**
 * Marks figures that are examples, not measurements (the fixed dashboard and hero
 * figures). Plain text, so screen readers say it where it stands.
 */
export function IllustrativeBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className}>
      Illustrative figures
    </Badge>
  );
}
