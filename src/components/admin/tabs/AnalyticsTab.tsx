import { truncateAtWord } from '@/lib/format';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { Badge } from '@/components/ui/badge';
import { AnalyticsDialog } from '@/components/admin/analytics/AnalyticsDialog';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { useResource } from '@/components/admin/shared/use-resource';

/** The analysis items published on /analytics (a handful a month: the newest 50 shown). */
export function AnalyticsTab() {
  const { data: items, reload } = useResource<AnalyticsContentItem[]>('/api/analytics-content?limit=50');
  return (
    <section aria-labelledby="analytics-admin-title" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="analytics-admin-title" className="text-xl font-semibold">
          Analytics Content
        </h2>
        <AnalyticsDialog onSaved={reload} />
      </div>
      <ul className="bg-card divide-y rounded-lg border">
        {items?.map((item) => (
          <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex items-center gap-2">
                <span className="font-semibold">{item.title}</span>
                <Badge variant="secondary">{item.type}</Badge>
              </p>
              <p className="text-muted-foreground text-sm">{truncateAtWord(item.content, 140)}</p>
            </div>
            <div className="flex shrink-0 gap-2">
              <AnalyticsDialog item={item} onSaved={reload} />
              <DeleteButton
                question={`Delete "${item.title}"?`}
                path={`/api/analytics-content/${item.id}`}
                success="Analytics content deleted successfully"
                onDone={reload}
                label={`Delete ${item.title}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
