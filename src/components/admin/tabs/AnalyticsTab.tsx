import { truncateAtWord } from '@/lib/format';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { Badge } from '@/components/ui/badge';
import { AnalyticsDialog } from '@/components/admin/analytics/AnalyticsDialog';
import { RecordList } from '@/components/admin/shared/RecordList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** The analysis items published on /analytics, 50 a page, newest first: add, edit, delete. */
export function AnalyticsTab() {
  const list = usePagedList<AnalyticsContentItem>('/api/admin/analytics-content');
  return (
    <RecordList
      section={{ id: 'analytics-admin-title', title: 'Analytics Content' }}
      name="analytics content"
      noun="item"
      list={list}
      empty="No analytics content yet"
      dialog={(item) => <AnalyticsDialog item={item} onSaved={list.reload} />}
      remove={(item) => ({
        question: `Delete "${item.title}"?`,
        path: `/api/analytics-content/${item.id}`,
        success: 'Analytics content deleted successfully',
        label: `Delete ${item.title}`,
      })}
      renderRow={(item) => (
        <>
          <p className="flex items-center gap-2">
            <span className="font-semibold">{item.title}</span>
            <Badge variant="secondary">{item.type}</Badge>
          </p>
          <p className="text-muted-foreground text-sm">{truncateAtWord(item.content, 140)}</p>
        </>
      )}
    />
  );
}
