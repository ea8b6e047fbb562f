import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  size?: 'default' | 'wide' | 'full';
  children: ReactNode;
}

/**
 * The shell of the admin's add and edit forms: trigger, title, description, then the form.
 * Escape closes the dialog, except inside a part that closes on Escape itself
 * (`data-closes-on-escape`, e.g. the editor's link and image forms).
 */
export function FormDialog({ open, onOpenChange, trigger, title, description, size = 'default', children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        size={size}
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-closes-on-escape]')) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
