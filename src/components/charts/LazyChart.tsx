import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { ApexChartProps } from '@/components/charts/ApexChart';
import { loadChart } from '@/components/charts/chart-modules';
import { needsLegend } from '@/components/charts/chart-options';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A chart that reserves its height and loads the charting code only in the browser, once
 * the chart scrolls near the viewport, and then only the code its type needs. The page is
 * usable meanwhile: every use gives a text or table alternative next to the chart, which
 * is itself hidden from screen readers.
 */
export function LazyChart(props: ApexChartProps & { label: string }) {
  const [Chart, setChart] = useState<ComponentType<ApexChartProps> | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { type } = props;
  const legend = needsLegend(props);
  useEffect(() => {
    const element = box.current;
    let canceled = false;
    const load = () => {
      void loadChart(type, legend).then((component) => {
        if (!canceled) setChart(() => component);
      });
    };
    if (!element || typeof IntersectionObserver === 'undefined') {
      load();
      return () => void (canceled = true);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      canceled = true;
      observer.disconnect();
    };
    // The code depends on the type and the legend only; new data redraws the loaded chart.
  }, [type, legend]);
  return (
    <div ref={box} style={{ minHeight: props.height }} aria-hidden="true" data-chart={props.label} data-chart-ready={Chart ? '' : undefined}>
      {Chart ? <Chart {...props} /> : <Skeleton className="w-full" style={{ height: props.height }} />}
    </div>
  );
}
