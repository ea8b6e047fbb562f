import { cn } from '@/lib/utils';

/** The line under a chart or card saying where its figures come from and how recent they are. */
export function ChartSource({ children, className }: { children: string; className?: string }) {
  return <p className={cn('text-muted-foreground mt-2 text-xs', className)}>{children}</p>;
}
