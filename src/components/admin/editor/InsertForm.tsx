import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The open form's apply and cancel, which Enter and Escape in its fields call. */
const InsertActions = createContext<{ onApply: () => void; onCancel: () => void }>({ onApply: () => undefined, onCancel: () => undefined });

/**
 * The shell of the forms that open under the toolbar (real, labeled fields instead of
 * browser prompts): a labeled group whose first field takes the focus when it opens, the
 * fields, the apply button, any further `actions`, Cancel, and the form's error.
 */
export function InsertForm({
  label,
  applyLabel,
  onApply,
  onCancel,
  actions,
  error,
  className,
  children,
}: {
  label: string;
  applyLabel: string;
  onApply: () => void;
  onCancel: () => void;
  actions?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.querySelector('input')?.focus(), []);
  return (
    <div ref={group} className={cn('bg-muted/40 grid gap-2 border-b p-3', className)} role="group" aria-label={label} data-closes-on-escape>
      <InsertActions.Provider value={{ onApply, onCancel }}>{children}</InsertActions.Provider>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="button" size="sm" onClick={onApply}>
          {applyLabel}
        </Button>
        {actions}
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm sm:col-span-full">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A labeled field of an insert form. Enter applies the form (it must not submit the
 * article form around it); Escape cancels it, closing the form (the dialog around it stays open: see
 * `data-closes-on-escape`).
 */
export function InsertField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const { onApply, onCancel } = useContext(InsertActions);
  return (
    <label className={cn('grid gap-1 text-sm font-medium', className)} htmlFor={id}>
      {label}
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onApply();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
      />
    </label>
  );
}
