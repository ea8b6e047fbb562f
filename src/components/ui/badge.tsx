import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground ring-primary',
      secondary: 'bg-secondary text-secondary-foreground ring-border',
      outline: 'text-foreground ring-border',
      featured: 'bg-accent text-accent-foreground ring-amber-300 dark:ring-amber-700',
      // Status tones, each a pair that keeps its contrast in the dark theme.
      warning: 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700',
      info: 'bg-blue-50 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-700',
      success: 'bg-green-50 text-green-800 ring-green-300 dark:bg-green-950 dark:text-green-200 dark:ring-green-700',
      neutral: 'text-muted-foreground ring-border bg-transparent',
      plain: '',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
