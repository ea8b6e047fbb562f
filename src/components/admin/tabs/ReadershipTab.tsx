import { mailCampaignOf, type ReadershipRange } from '@/lib/validation/readership';
import type { ReadershipCount, ReadershipReport, ReadershipStory } from '@/lib/wire/readership';
import { PagedList, choices } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

const RANGE_LABELS: Record<ReadershipRange, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

const views = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`;

/** A short list of counts (referring sites, mails) beside the top stories, or a line saying there are none. */
function CountList({
  id,
  title,
  intro,
  rows,
  empty,
  nameOf,
}: {
  id: string;
  title: string;
  intro: string;
  rows: readonly ReadershipCount[] | undefined;
  empty: string;
  nameOf?: (name: string) => string;
}) {
  return (
    <TabSection id={id} title={title} intro={intro} level={3} className="space-y-2">
      {rows && rows.length > 0 ? (
        <ol className="bg-card divide-y rounded-lg border text-sm" aria-labelledby={id}>
          {rows.map((row) => (
            <li key={row.name} className="flex items-baseline justify-between gap-3 px-4 py-2">
              <span className="min-w-0 font-medium break-all">{nameOf ? nameOf(row.name) : row.name}</span>
              <span className="text-muted-foreground shrink-0 tabular-nums">{views(row.views)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground bg-card rounded-lg border p-4 text-sm">{rows ? empty : 'Loading…'}</p>
      )}
    </TabSection>
  );
}

type ReportExtra = Omit<ReadershipReport, 'items' | 'total' | 'totalAtLeast' | 'page' | 'pageSize'>;

/**
 * Readership: the period's most viewed stories (50 a page, most first), the sites that sent
 * readers and the visits the site's own mails brought. Counted without cookies; bots left out.
 */
export function ReadershipTab() {
  const list = usePagedList<ReadershipStory, ReportExtra>('/api/admin/readership', { filters: { range: 'today' } });
  const data = list.data;
  const rankOf = (story: ReadershipStory) => (data ? (data.page - 1) * data.pageSize + data.items.indexOf(story) + 1 : 0);
  return (
    <TabSection
      id="readership-title"
      title="Readership"
      intro="Page views counted on this site without cookies or personal data; known bots are left out. New views show within a few seconds."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TabSection id="readership-stories-title" title="Top stories" level={3} className="space-y-2">
          <PagedList
            name="top stories"
            noun="article"
            list={list}
            filters={[{ name: 'range', label: 'Period', options: choices(RANGE_LABELS) }]}
            empty="No views counted in this period yet"
            renderRow={(story) => (
              <div className="flex items-baseline gap-3">
                <span className="text-muted-foreground w-8 shrink-0 text-right text-sm tabular-nums" aria-hidden="true">
                  {rankOf(story)}.
                </span>
                <a href={`/article/${story.slug}`} className="min-w-0 flex-1 font-medium hover:underline" target="_blank" rel="noopener">
                  {story.title}
                </a>
                <span className="text-muted-foreground shrink-0 text-sm tabular-nums" data-testid="story-views">
                  {views(story.views)}
                </span>
              </div>
            )}
          />
        </TabSection>
        <div className="space-y-6">
          <CountList
            id="readership-referrers-title"
            title="Referring sites"
            intro="Other sites readers came from, by host name."
            rows={data?.referrers}
            empty="No visits from other sites in this period."
          />
          <CountList
            id="readership-mail-title"
            title="From our mails"
            intro="Visits through the links of the newsletters, digests and alerts."
            rows={data?.campaigns}
            empty="No visits from the site's mails in this period."
            nameOf={(name) => mailCampaignOf(name)?.label ?? name}
          />
        </div>
      </div>
    </TabSection>
  );
}
