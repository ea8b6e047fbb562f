import type { ReactNode } from 'react';

/**
 * A section of a tab: its heading (which names the section for screen readers), a line
 * under it, the action beside it (Add, Export), then its content.
 */
export function TabSection({
  id,
  title,
  intro,
  action,
  level = 2,
  className = 'space-y-4',
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  /** 3 for a section inside a tab's own section. */
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="max-w-3xl">
          <Heading id={id} className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
            {title}
          </Heading>
          {intro && <p className="text-muted-foreground text-sm">{intro}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
