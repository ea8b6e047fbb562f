import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import type { AdminCounts } from '@/lib/wire/admin';
import type { Category } from '@/lib/wire/articles';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { Toaster } from '@/components/ui/toast';
import { AdminNavigation, type AdminSection } from '@/components/admin/AdminNavigation';
import { AnalyticsTab } from '@/components/admin/tabs/AnalyticsTab';
import { CalendarTab } from '@/components/admin/tabs/CalendarTab';
import { ArticlesTab } from '@/components/admin/tabs/ArticlesTab';
import { AuthorsTab } from '@/components/admin/tabs/AuthorsTab';
import { CommentsTab } from '@/components/admin/tabs/CommentsTab';
import { MarketDataTab } from '@/components/admin/tabs/MarketDataTab';
import { MessagesTab } from '@/components/admin/tabs/MessagesTab';
import { NewsletterTab } from '@/components/admin/tabs/NewsletterTab';
import { ReadershipTab } from '@/components/admin/tabs/ReadershipTab';
import { SecurityTab } from '@/components/admin/tabs/SecurityTab';
import { SubscribersTab } from '@/components/admin/tabs/SubscribersTab';
import { TopicsTab } from '@/components/admin/tabs/TopicsTab';
import { ZohoTab } from '@/components/admin/tabs/ZohoTab';
import { StaffTab } from '@/components/admin/tabs/StaffTab';
import { AuditTab } from '@/components/admin/tabs/AuditTab';
import { AccountSection } from '@/components/admin/staff/AccountSection';
import { SessionsSection } from '@/components/admin/staff/SessionsSection';
import { AccountContext, type PanelAccount } from '@/components/admin/account';
import { ROLE_LABELS, type Capability } from '@/lib/staff/permissions';

/** A tab label with what waits in it: "Comments (12)"; `note` says what the number counts to a screen reader. */
function Counted({ label, count, note = 'waiting' }: { label: string; count: number | undefined; note?: string }) {
  if (!count) return label;
  return (
    <>
      {label}{' '}
      <span className="bg-primary text-primary-foreground ml-1.5 rounded-full px-1.5 text-xs tabular-nums">{count.toLocaleString('en-US')}</span>
      <span className="sr-only"> {note}</span>
    </>
  );
}

/**
 * The admin panel: content, moderation, messages, the Zoho connection, market data and
 * security, one section at a time (`AdminNavigation`: a sidebar on a wide screen, a menu on
 * a phone). Its code lives by kind: `tabs/` one file per tab; what the tabs open in folders
 * of their own: `article/` (the article dialog and form), `editor/` (its rich-text editor),
 * `media/` (the media library: browse, upload, details), `analytics/`, `authors/` and
 * `calendar/` (their dialogs), `zoho/` (the Zoho form and connection test); `shared/` the kit
 * the tabs share: `usePagedList` and `PagedList` (every list, paged on the server), `Pager`,
 * `EditDialog` (every add and edit form), `TabSection`, the actions and `PreviewText`. Forms
 * start from `useZodForm` and its bound fields (src/components/forms); buttons, and links
 * that look like buttons, from `Button` and `buttonVariants` (src/components/ui/button).
 */
export default function AdminPanel({ account, categories }: { account: PanelAccount; categories: Category[] }) {
  const [counts, setCounts] = useState<AdminCounts | null>(null);
  const refreshCounts = useCallback(() => {
    getJson<AdminCounts>('/api/admin/counts')
      .then(({ data }) => setCounts(data))
      .catch(() => undefined);
  }, []);
  useEffect(refreshCounts, [refreshCounts]);
  // Each tab once: its address name (`/admin#comments`), its label, its content, and the
  // capability it needs. The navigation and the panels are made from this table alone, with
  // the tabs the person's role may use (the server refuses the rest's calls all the same).
  const allTabs: (AdminSection & { content: ReactNode; needs: Capability })[] = [
    {
      value: 'articles',
      label: <Counted label="Articles" count={counts?.inReview} note="in review" />,
      content: <ArticlesTab categories={categories} onChanged={refreshCounts} />,
      needs: 'writeArticles',
    },
    { value: 'authors', label: 'Authors', content: <AuthorsTab />, needs: 'manageAuthors' },
    { value: 'topics', label: 'Topics', content: <TopicsTab />, needs: 'manageTopics' },
    { value: 'analytics', label: 'Analytics Content', content: <AnalyticsTab />, needs: 'manageAnalytics' },
    {
      value: 'comments',
      label: <Counted label="Comments" count={counts?.pendingComments} />,
      content: <CommentsTab onChanged={refreshCounts} />,
      needs: 'moderateComments',
    },
    {
      value: 'messages',
      label: <Counted label="Messages" count={counts?.unhandledMessages} />,
      content: <MessagesTab onChanged={refreshCounts} />,
      needs: 'readMessages',
    },
    {
      value: 'subscribers',
      label: <Counted label="Subscribers" count={counts?.subscribers} note="active" />,
      content: <SubscribersTab onChanged={refreshCounts} />,
      needs: 'manageSubscribers',
    },
    { value: 'newsletter', label: 'Newsletter', content: <NewsletterTab />, needs: 'sendNewsletter' },
    { value: 'readership', label: 'Readership', content: <ReadershipTab />, needs: 'readReadership' },
    { value: 'zoho', label: 'Zoho Configuration', content: <ZohoTab />, needs: 'manageZoho' },
    { value: 'market', label: 'Market Data', content: <MarketDataTab />, needs: 'manageMarketData' },
    { value: 'calendar', label: 'Calendar', content: <CalendarTab />, needs: 'manageCalendar' },
    { value: 'staff', label: 'Staff', content: <StaffTab />, needs: 'manageStaff' },
    { value: 'audit', label: 'Audit Log', content: <AuditTab />, needs: 'readAudit' },
    {
      value: 'security',
      label: 'Security',
      content: (
        <>
          <AccountSection />
          <SecurityTab />
          <SessionsSection />
        </>
      ),
      needs: 'account',
    },
  ];
  const tabs = allTabs.filter((t) => account.capabilities.includes(t.needs));
  // The open tab is in the address, so a link (the editors' e-mail) opens it and a reload keeps it.
  const [tab, setTab] = useState(tabs[0]?.value ?? '');
  const names = tabs.map((t) => t.value).join(' ');
  useEffect(() => {
    const fromHash = () => {
      const name = window.location.hash.slice(1);
      if (names.split(' ').includes(name)) setTab(name);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [names]);
  const openTab = (name: string) => {
    setTab(name);
    window.history.replaceState(null, '', `#${name}`);
  };
  const logout = async () => {
    try {
      await sendJson('POST', '/api/admin/logout');
    } finally {
      window.location.assign('/admin/login');
    }
  };
  return (
    <AccountContext.Provider value={account}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
          <p className="text-muted-foreground text-sm">
            Signed in as {account.displayName} · {ROLE_LABELS[account.role]}
          </p>
        </div>
        <Button variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
      <Tabs value={tab} onValueChange={openTab} orientation="vertical" className="mt-6 grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        <AdminNavigation sections={tabs} value={tab} onChange={openTab} />
        <div className="min-w-0">
          {tabs.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              {t.content}
            </TabsContent>
          ))}
        </div>
      </Tabs>
      <Toaster />
    </AccountContext.Provider>
  );
}
