import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, ComponentType } from 'react';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

/** A Radix part with the classes it always has; a caller's `className` adds to them. */
function withClasses<P extends { className?: string | undefined }>(Part: ComponentType<P>, classes: string) {
  return function Styled({ className, ...props }: P) {
    return <Part {...({ ...props, className: cn(classes, className) } as P)} />;
  };
}

/**
 * The tab strip: its tabs wrap onto a second line on a narrow screen rather than hide past
 * the edge. In a vertical `Tabs` it is a column of full-width tabs (a sidebar).
 */
export const TabsList = withClasses<ComponentProps<typeof TabsPrimitive.List>>(
  TabsPrimitive.List,
  'bg-muted text-muted-foreground inline-flex flex-wrap items-center gap-1 rounded-md p-1 data-[orientation=vertical]:flex data-[orientation=vertical]:flex-col data-[orientation=vertical]:items-stretch',
);

export const TabsTrigger = withClasses<ComponentProps<typeof TabsPrimitive.Trigger>>(
  TabsPrimitive.Trigger,
  'focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground inline-flex items-center justify-center rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-2 disabled:opacity-50 data-[orientation=vertical]:justify-start data-[state=active]:shadow-sm data-[orientation=vertical]:data-[state=active]:shadow-[inset_3px_0_0_var(--color-primary)]',
);

export const TabsContent = withClasses<ComponentProps<typeof TabsPrimitive.Content>>(
  TabsPrimitive.Content,
  'focus-visible:outline-ring mt-4 focus-visible:outline-2 data-[orientation=vertical]:mt-0',
);
