import { Skeleton } from '@/components/ui/skeleton';

/** `count` card-shaped placeholders, as many as the block they stand in for shows. */
export function CardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="contents">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="bg-card flex flex-col gap-3 rounded-lg border p-5" data-testid="placeholder">
          <Skeleton className="aspect-video w-full" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-4/5" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}
