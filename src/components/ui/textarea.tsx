import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'border-input bg-card placeholder:text-muted-foreground focus-visible:outline-ring aria-invalid:border-destructive flex min-h-28 w-full rounded-md border px-3 py-2 text-base focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
