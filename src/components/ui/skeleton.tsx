import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A loading placeholder block; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('bg-muted animate-pulse rounded-md', className)} {...props} />;
}
