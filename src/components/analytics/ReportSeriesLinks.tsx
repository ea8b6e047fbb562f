import type { Report } from '@/lib/wire/markets';

/**
 * The series a report draws, each linked to its page ("Series: WTI Crude Oil, Brent Crude Oil"),
 * under its chart: the report on the Custom Reports tab and the one the server draws (`ReportChart.astro`).
 */
export function ReportSeriesLinks({ series }: { series: NonNullable<Report['series']> }) {
  return (
    <p className="text-muted-foreground mt-1 text-xs">
      Series:{' '}
      {series.map((s, i) => (
        <span key={s.slug}>
          {i > 0 && ', '}
          <a className="text-primary underline-offset-2 hover:underline" href={`/markets/${s.slug}`}>
            {s.name}
          </a>
        </span>
      ))}
    </p>
  );
}
