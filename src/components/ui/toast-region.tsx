import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { $toast, dismissToast } from '@/stores/toast';
import { cn } from '@/lib/utils';

/** One notification visible at a time, shown 5000 ms; a swipe right past 50 px dismisses it and F8 focuses it. */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * The notification region (Radix Toast) with the current notification from the toast store.
 * Loaded by `Toaster`; `focusOnMount` when it was loaded by an F8 press, which it answers.
 */
export default function ToastRegion({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const current = useStore($toast);
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
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
            <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* Bottom right, clear of the sticky header and its search box. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
