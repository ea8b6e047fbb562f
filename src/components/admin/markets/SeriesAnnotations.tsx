import { formatAnnotationDays } from '@/lib/annotation-format';
import type { AdminSeriesAnnotation } from '@/lib/wire/markets';
import type { MarketDataStatus } from '@/lib/wire/markets';
import { Badge } from '@/components/ui/badge';
import { AnnotationDialog } from '@/components/admin/markets/AnnotationDialog';
import { RecordList } from '@/components/admin/shared/RecordList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The newsroom's annotations of the series: filtered by series, 50 a page, newest day first; add, edit, delete. */
export function SeriesAnnotations({ series }: { series: MarketDataStatus['series'] }) {
  const list = usePagedList<AdminSeriesAnnotation>('/api/admin/annotations', { filters: { series: '' }, failure: 'Could not load the annotations.' });
  const options = series.map((s) => ({ value: s.slug, label: s.name }));
  const chosen = list.query.filters['series'] ?? '';
  return (
    <RecordList
      section={{
        id: 'annotations-title',
        level: 3,
        title: 'Annotations',
        intro: "Mark a day or a span on a series' chart with a short label (an outage, a policy, a storm), and link the story that tells it.",
      }}
      label="Annotations, newest first"
      noun="annotation"
      list={list}
      filters={[{ name: 'series', label: 'Series', options: [{ value: '', label: 'Every series' }, ...options] }]}
      empty="No annotations yet."
      dialog={(item) =>
        item ? (
          <AnnotationDialog item={item} series={options} defaultSeries={item.series} onSaved={list.reload} />
        ) : (
          // A new annotation starts on the series the list shows (a fresh form when that changes).
          <AnnotationDialog key={chosen} series={options} defaultSeries={chosen || (options[0]?.value ?? '')} onSaved={list.reload} />
        )
      }
      remove={(item) => ({
        question: `Delete the annotation "${item.label}"?`,
        success: 'Annotation deleted',
        label: `Delete annotation ${item.label}`,
      })}
      renderRow={(item) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{item.label}</span>
            <Badge variant="secondary">{item.seriesName}</Badge>
          </p>
          <p className="text-muted-foreground text-sm">
            {formatAnnotationDays(item.from, item.to)}
            {item.story && (
              <>
                {' · '}
                <a className="text-primary underline" href={`/article/${item.story.slug}`}>
                  {item.story.title}
                </a>
                {!item.story.published && ' (not published yet)'}
              </>
            )}
            {item.createdBy && ` · by ${item.createdBy}`}
          </p>
        </>
      )}
    />
  );
}
