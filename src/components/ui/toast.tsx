import { useStore } from '@nanostores/react';
import { Suspense, lazy, useState } from 'react';
import { $toast } from '@/stores/toast';

const loadRegion = () => import('@/components/ui/toast-region');
const ToastRegion = lazy(loadRegion);

/** Starts loading the notification region before it is needed (a form about to report back). */
export function preloadToaster(): void {
  void loadRegion().catch(() => undefined);
}

/**
 * Where the page's notifications appear. Mount once per island that raises them. The
 * region's code (Radix Toast) loads with the first notification, so a page pays for it
 * only when it has something to say; from then on the region stays.
 */
export function Toaster() {
  const current = useStore($toast);
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  if (!needed && !current) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
