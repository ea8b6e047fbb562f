import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { $toast, showCarriedToast } from '@/stores/toast';

const loadRegion = () => import('@/components/ui/toast-region');
const ToastRegion = lazy(loadRegion);

/** Starts loading the notification region before it is needed (a form about to report back). */
export function preloadToaster(): void {
  void loadRegion().catch(() => undefined);
}

/** The key that focuses the notification region (Radix Toast's hotkey). */
const REGION_HOTKEY = 'F8';

/**
 * Where the page's notifications appear. Mount once per island that raises them. The
 * region's code (Radix Toast) loads with the first notification, or when F8 asks for the
 * region, so a page pays for it only when it is used; from then on the region stays. A
 * notification the previous page left for this one (`toastOnNextPage`) shows as it mounts.
 */
export function Toaster() {
  const current = useStore($toast);
  useEffect(showCarriedToast, []);
  const [needed, setNeeded] = useState<'notification' | 'hotkey' | false>(false);
  if (current && !needed) setNeeded('notification');
  useEffect(() => {
    if (needed) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === REGION_HOTKEY) setNeeded('hotkey');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion focusOnMount={needed === 'hotkey'} />
    </Suspense>
  );
}
