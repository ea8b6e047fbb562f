import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AnalysisSummary } from '@/lib/analysis';
import type { MarketDataItem } from '@/lib/wire/markets';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnalysisList } from '@/components/analytics/AnalysisList';
import { MarketFigures } from '@/components/markets/MarketFigure';

export const ANALYTICS_TABS = ['overview', 'analytics', 'reports'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

const TAB_LABELS: [AnalyticsTab, string][] = [
  ['overview', 'Market Overview'],
  ['analytics', 'Analytics'],
  ['reports', 'Custom Reports'],
];

// The reports' controls and charts load only when the tab is opened.
const ReportsPanel = lazy(() => import('@/components/analytics/ReportsPanel'));

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

function ReportsSkeleton() {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label="Loading reports">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-64" />
      ))}
    </div>
  );
}

/** A section of the overview, named by its heading. */
function OverviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface AnalyticsTabsProps {
  initialTab: AnalyticsTab;
  marketData: MarketDataItem[];
  /** The dashboard cards, drawn on the server (the page's `cards` slot, on the overview's page only): their charts show before and without any script. */
  cards?: ReactNode;
  content: AnalysisSummary[];
  /** Which page of the analysis items `content` is, of how many. */
  contentPage: number;
  contentPages: number;
  /** The configured Zoho energy dashboard, if any. */
  dashboardUrl: string | null;
  /** The other configured dashboards, offered as links. */
  otherDashboards: { label: string; url: string }[];
}

/** The /analytics page's three tabs; the selected tab lives in `?tab=`. */
export default function AnalyticsTabs({
  initialTab,
  marketData,
  cards,
  content,
  contentPage,
  contentPages,
  dashboardUrl,
  otherDashboards,
}: AnalyticsTabsProps) {
  const [tab, setTab] = useState<AnalyticsTab>(initialTab);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const select = (value: string) => {
    const next = (ANALYTICS_TABS as readonly string[]).includes(value) ? (value as AnalyticsTab) : 'overview';
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'overview') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    // The dashboard cards are drawn by the server on the overview's own page: opened from another tab, that page is loaded.
    if (next === 'overview' && !cards) window.location.assign(url);
    else window.history.replaceState(null, '', url);
  };

  return (
    <Tabs value={tab} onValueChange={select}>
      {/* On a phone the three tabs share the row equally and their labels wrap inside them, so none is cut off. */}
      <TabsList aria-label="Analytics views" className="w-full sm:w-auto">
        {TAB_LABELS.map(([value, label]) => (
          <TabsTrigger key={value} value={value} className="flex-1 basis-0 self-stretch sm:flex-none sm:basis-auto">
            <span className="text-center leading-tight whitespace-normal">{label}</span>
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="overview" className="space-y-10">
        <OverviewSection id="market-data-title" title="Market data">
          <div className="mt-4">
            <MarketFigures items={marketData} variant="card" />
          </div>
        </OverviewSection>
        <OverviewSection id="dashboards-title" title="Dashboards">
          <div className="mt-4">{cards}</div>
        </OverviewSection>
        <OverviewSection id="insights-title" title="Analysis and insights">
          <AnalysisList items={content} page={contentPage} pages={contentPages} />
        </OverviewSection>
      </TabsContent>

      <TabsContent value="analytics">
        {dashboardUrl ? (
          <div className="space-y-4">
            <div className="flex justify-end">
              <a href={dashboardUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline' })}>
                Open in New Tab
              </a>
            </div>
            <iframe
              src={dashboardUrl}
              title="Energy analytics dashboard"
              width={800}
              height={600}
              className="aspect-[4/3] h-auto w-full max-w-[800px] rounded-lg border"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              // The dashboard runs its own scripts but may not navigate this page.
              sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads"
            />
            {otherDashboards.length > 0 && (
              <nav aria-label="More dashboards">
                <h2 className="text-sm font-semibold">More dashboards</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {otherDashboards.map((d) => (
                    <li key={d.url}>
                      <a href={d.url} target="_blank" rel="noopener noreferrer" className="text-primary text-sm underline-offset-4 hover:underline">
                        {d.label} <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        ) : (
          <div className="bg-card rounded-lg border border-dashed p-10 text-center">
            <h2 className="text-lg font-semibold">No analytics dashboard is connected yet</h2>
            <p className="text-muted-foreground mt-2">
              Once the editors connect an analytics dashboard it will appear here, with a link to open it in a new tab.
            </p>
          </div>
        )}
      </TabsContent>

      <TabsContent value="reports">
        {/* Client-only: a lazy component rendered on the server would stream an inline script the CSP forbids. */}
        {hydrated ? (
          <Suspense fallback={<ReportsSkeleton />}>
            <ReportsPanel />
          </Suspense>
        ) : (
          <ReportsSkeleton />
        )}
      </TabsContent>
    </Tabs>
  );
}
