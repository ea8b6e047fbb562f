import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** One option of a select: the value sent, and what the reader reads. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native <select> styled like the inputs: the best keyboard and phone behavior for short lists.
 * Its options: its children (a placeholder, say), then `options` in their order.
 */
export function NativeSelect({ className, options, children, ...props }: ComponentProps<'select'> & { options?: readonly SelectOption[] }) {
  return (
    <select
      className={cn('border-input bg-card aria-invalid:border-destructive h-10 w-full rounded-md border px-3 text-base md:text-sm', className)}
      {...props}
    >
      {children}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
