import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

/** Props a control needs to be tied to its label and error message. */
export function fieldProps(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

/** A labeled form field with its validation message. */
export function FormField({
  id,
  label,
  error,
  optional,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="text-muted-foreground font-normal"> (optional)</span>}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The honeypot: off-screen, out of the tab order and hidden from assistive technology. */
export function HoneypotField({ register }: { register: Record<string, unknown> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register} />
      </label>
    </div>
  );
}

/**
 * The end of a form readers send (a comment, a message): the honeypot, then the submit button,
 * which says `pending` and cannot be pressed again while the form is being sent.
 */
export function ReaderFormSubmit({
  honeypot,
  sending,
  pending,
  children,
}: {
  /** The honeypot field's registration (`register('website')`). */
  honeypot: Record<string, unknown>;
  sending: boolean;
  pending: string;
  children: ReactNode;
}) {
  return (
    <>
      <HoneypotField register={honeypot} />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? pending : children}
        </Button>
      </div>
    </>
  );
}
