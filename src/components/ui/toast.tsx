import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { $toast, dismissToast } from '@/stores/toast';
import { cn } from '@/lib/utils';

/** One notification visible at a time, shown 5000 ms; a swipe right past 50 px dismisses it and F8 focuses it. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Renders the current notification from the toast store. Mount once per page that needs it. */
export function Toaster() {
  const current = useStore($toast);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            current.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground' : 'bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
