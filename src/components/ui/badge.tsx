import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground ring-primary',
      secondary: 'bg-secondary text-secondary-foreground ring-border',
      outline: 'text-foreground ring-border',
      featured: 'bg-accent text-accent-foreground ring-amber-300',
      plain: '',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
