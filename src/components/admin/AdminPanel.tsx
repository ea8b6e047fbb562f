import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminArticle, AdminMessage, AnalyticsContentItem, Category, ModerationComment } from '@/lib/types';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Toaster } from '@/components/ui/toast';
import { AnalyticsDialog, ArticleDialog } from './AdminDialogs';
import { MarketDataSettings } from './MarketDataSettings';
import { TotpSettings } from './TotpSettings';
import { useResource } from './use-resource';
import { ZohoSettings } from './ZohoSettings';

/** Runs a mutation, then toasts and refreshes; failures show the server's message. */
async function mutate(action: () => Promise<unknown>, success: string, after: () => void): Promise<void> {
  try {
    await action();
    toast({ title: success });
    after();
  } catch (error) {
    toast({ title: 'Error', description: submitErrorMessage(error, 'The change could not be saved.'), variant: 'destructive' });
  }
}

/** Delete with confirmation, then the success toast and a refreshed list. */
function DeleteButton({
  question,
  path,
  success,
  onDone,
  label,
}: {
  question: string;
  path: string;
  success: string;
  onDone: () => void;
  label?: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={() => {
        if (window.confirm(question)) void mutate(() => sendJson('DELETE', path), success, onDone);
      }}
    >
      Delete
    </Button>
  );
}

function ArticlesTab({ categories }: { categories: Category[] }) {
  const { data: items, reload } = useResource<AdminArticle[]>('/api/admin/articles');
  // When the list was opened: enough to tell scheduled articles apart.
  const [now] = useState(Date.now);
  return (
    <section aria-labelledby="articles-title" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="articles-title" className="text-xl font-semibold">
          Articles
        </h2>
        <ArticleDialog categories={categories} onSaved={reload} />
      </div>
      {items === null && <p className="text-muted-foreground">Loading articles…</p>}
      <ul className="bg-card divide-y rounded-lg border">
        {items?.map((a) => (
          <li key={a.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{a.title}</span>
                {a.featured && <Badge variant="featured">Featured</Badge>}
                {a.status === 'draft' && <Badge variant="secondary">Draft</Badge>}
                {a.status === 'published' && Date.parse(a.publishedAt) > now && <Badge variant="secondary">Scheduled</Badge>}
              </p>
              <p className="text-muted-foreground line-clamp-2 text-sm">{a.excerpt}</p>
              <p className="text-muted-foreground text-xs">
                {a.author} · {a.category.name} · {formatDateTime(a.publishedAt)}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <ArticleDialog categories={categories} article={a} onSaved={reload} />
              <DeleteButton
                question={`Delete "${a.title}"? This cannot be undone.`}
                path={`/api/articles/${a.id}`}
                success="Article deleted successfully"
                onDone={reload}
                label={`Delete ${a.title}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AnalyticsTab() {
  const { data: items, reload } = useResource<AnalyticsContentItem[]>('/api/analytics-content');
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
              <p className="text-muted-foreground text-sm">{item.content.slice(0, 100)}</p>
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

function CommentsTab() {
  const { data: items, reload } = useResource<ModerationComment[]>('/api/admin/comments');
  return (
    <section aria-labelledby="comments-admin-title" className="space-y-4">
      <h2 id="comments-admin-title" className="text-xl font-semibold">
        Comments
      </h2>
      {items?.length === 0 && (
        <p className="bg-card text-muted-foreground rounded-lg border border-dashed p-6 text-center">No comments pending approval</p>
      )}
      <ul className="bg-card divide-y rounded-lg border">
        {items?.map((c) => (
          <li key={c.id} className="space-y-2 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">{c.authorName}</span>
              <span className="text-muted-foreground">{c.authorEmail}</span>
              <Badge variant={c.approved ? 'default' : 'secondary'}>{c.approved ? 'Approved' : 'Pending'}</Badge>
            </p>
            <p className="text-sm break-words whitespace-pre-line">{c.content}</p>
            <p className="text-muted-foreground text-xs">
              On <a href={`/article/${c.articleSlug}`}>{c.articleTitle}</a> (article {c.articleId}) · {formatDateTime(c.createdAt)}
            </p>
            <div className="flex gap-2">
              {!c.approved && (
                <Button
                  size="sm"
                  onClick={() => void mutate(() => sendJson('PATCH', `/api/admin/comments/${c.id}/approve`), 'Comment approved successfully', reload)}
                >
                  Approve
                </Button>
              )}
              <DeleteButton
                question="Delete this comment?"
                path={`/api/admin/comments/${c.id}`}
                success="Comment deleted successfully"
                onDone={reload}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessagesTab() {
  const { data: items, reload } = useResource<AdminMessage[]>('/api/admin/messages');
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h2 id="messages-title" className="text-xl font-semibold">
        Messages
      </h2>
      {items?.length === 0 && <p className="bg-card text-muted-foreground rounded-lg border border-dashed p-6 text-center">No messages yet</p>}
      <ul className="bg-card divide-y rounded-lg border">
        {items?.map((m) => (
          <li key={m.id} className="space-y-2 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">{m.subject}</span>
              <Badge variant="secondary">{m.category}</Badge>
              {m.handled && <Badge variant="outline">Handled</Badge>}
            </p>
            <p className="text-muted-foreground text-xs">
              {m.name} · {m.email}
              {m.company ? ` · ${m.company}` : ''} · {formatDateTime(m.createdAt)}
            </p>
            <p className="text-sm break-words whitespace-pre-line">{m.message}</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void mutate(
                    () => sendJson('PATCH', `/api/admin/messages/${m.id}`, { handled: !m.handled }),
                    m.handled ? 'Message reopened' : 'Message marked handled',
                    reload,
                  )
                }
              >
                {m.handled ? 'Mark unhandled' : 'Mark handled'}
              </Button>
              <DeleteButton
                question="Delete this message?"
                path={`/api/admin/messages/${m.id}`}
                success="Message deleted successfully"
                onDone={reload}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The admin panel: content, moderation, messages, the Zoho connection, market data and security. */
export default function AdminPanel({ username, categories }: { username: string; categories: Category[] }) {
  const logout = async () => {
    try {
      await sendJson('POST', '/api/admin/logout');
    } finally {
      window.location.assign('/admin/login');
    }
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
          <p className="text-muted-foreground text-sm">Signed in as {username}</p>
        </div>
        <Button variant="outline" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
      <Tabs defaultValue="articles" className="mt-6">
        <TabsList aria-label="Admin sections" className="w-full justify-start overflow-x-auto sm:w-auto">
          <TabsTrigger value="articles">Articles</TabsTrigger>
          <TabsTrigger value="analytics">Analytics Content</TabsTrigger>
          <TabsTrigger value="comments">Comments</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="zoho">Zoho Configuration</TabsTrigger>
          <TabsTrigger value="market">Market Data</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="articles">
          <ArticlesTab categories={categories} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="comments">
          <CommentsTab />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="zoho">
          <ZohoSettings />
        </TabsContent>
        <TabsContent value="market">
          <MarketDataSettings />
        </TabsContent>
        <TabsContent value="security">
          <TotpSettings />
        </TabsContent>
      </Tabs>
      <Toaster />
    </>
  );
}
