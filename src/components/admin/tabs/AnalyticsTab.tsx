import { truncateAtWord } from '@/lib/format';
import type { AnalyticsContentItem } from '@/lib/wire/analytics';
import { Badge } from '@/components/ui/badge';
import { AnalyticsDialog } from '@/components/admin/analytics/AnalyticsDialog';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

/** The analysis items published on /analytics, 50 a page, newest first: add, edit, delete. */
export function AnalyticsTab() {
  const list = usePagedList<AnalyticsContentItem>('/api/admin/analytics-content');
  return (
    <TabSection id="analytics-admin-title" title="Analytics Content" action={<AnalyticsDialog onSaved={list.reload} />}>
      <PagedList
        name="analytics content"
        noun="item"
        list={list}
        empty="No analytics content yet"
        renderRow={(item) => (
          <ItemRow
            edit={<AnalyticsDialog item={item} onSaved={list.reload} />}
            remove={{
              question: `Delete "${item.title}"?`,
              path: `/api/analytics-content/${item.id}`,
              success: 'Analytics content deleted successfully',
              onDone: list.reload,
              label: `Delete ${item.title}`,
            }}
          >
            <p className="flex items-center gap-2">
              <span className="font-semibold">{item.title}</span>
              <Badge variant="secondary">{item.type}</Badge>
            </p>
            <p className="text-muted-foreground text-sm">{truncateAtWord(item.content, 140)}</p>
          </ItemRow>
        )}
      />
    </TabSection>
  );
}
