import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ApexChartProps } from '@/components/charts/ApexChart';
import { Skeleton } from '@/components/ui/skeleton';

const ApexChart = lazy(() => import('@/components/charts/ApexChart'));

/**
 * A chart that reserves its height and loads the charting code only in the browser, once
 * the chart scrolls near the viewport. The chart itself is hidden from screen readers: every use gives a text or table
 * alternative next to it.
 */
export function LazyChart(props: ApexChartProps & { label: string }) {
  const [mounted, setMounted] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setMounted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setMounted(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = <Skeleton className="w-full" style={{ height: props.height }} />;
  return (
    <div ref={box} style={{ minHeight: props.height }} aria-hidden="true" data-chart={props.label}>
      {mounted ? (
        <Suspense fallback={placeholder}>
          <ApexChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
