import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native <select> styled like the inputs: the best keyboard and phone behavior for short lists. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn('border-input bg-card aria-invalid:border-destructive h-10 w-full rounded-md border px-3 text-base md:text-sm', className)}
      {...props}
    />
  );
}
