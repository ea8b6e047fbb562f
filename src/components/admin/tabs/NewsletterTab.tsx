import { useRef, useState } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import type { BriefingPreview, OutboxItem, OutboxMessage } from '@/lib/wire/newsletter';
import { MAIL_EDITIONS } from '@/lib/mail-editions';
import { OUTBOX_KINDS, OUTBOX_STATUSES } from '@/lib/validation/admin-lists';
import { newsletterTestSchema } from '@/lib/validation/newsletter-test';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useZodForm } from '@/components/forms/use-zod-form';
import { PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { useResource } from '@/components/admin/shared/use-resource';
import { TabSection } from '@/components/admin/shared/TabSection';

const KIND_LABELS: Record<(typeof OUTBOX_KINDS)[number], string> = {
  confirmation: 'Confirmation',
  briefing: 'Daily briefing',
  roundup: 'Weekly roundup',
  alert: 'Price alert',
  grid: MAIL_EDITIONS.grid.label,
  'data-alert': 'Data alert',
  topics: 'Topic digest',
  editors: 'Editors notice',
  staff: 'Staff (invitation, reset)',
  test: 'Test',
};
const STATUS_LABELS: Record<OutboxItem['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  kept: 'Kept (no SMTP)',
  failed: 'Failed',
};
const kindLabel = (kind: string) => (KIND_LABELS as Record<string, string>)[kind] ?? kind;

/** The next briefing as it would go out now, in a sandboxed frame (no scripts, no forms), and its plain text. */
function BriefingPreviewPanel() {
  const { data: preview, reload } = useResource<BriefingPreview>('/api/admin/newsletter/preview', 'Could not load the preview.');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Next briefing</h3>
        <Button size="sm" variant="outline" onClick={reload}>
          Refresh preview
        </Button>
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">Subject: </span>
        {preview ? preview.subject : 'Loading…'}
      </p>
      <iframe title="Preview of the next briefing" sandbox="" srcDoc={preview?.html ?? ''} className="h-[28rem] w-full rounded-md border bg-white" />
      {preview && (
        <details className="text-sm">
          <summary className="cursor-pointer">Plain-text part</summary>
          <pre className="bg-muted mt-2 rounded-md p-3 text-xs break-words whitespace-pre-wrap">{preview.text}</pre>
        </details>
      )}
    </div>
  );
}

/** A message's plain text, loaded when asked for (lists carry no bodies); the text then takes the focus. */
function MessageText({ id }: { id: number }) {
  const [text, setText] = useState<string | null>(null);
  const shown = useRef<HTMLPreElement>(null);
  const load = async () => {
    try {
      const { data } = await getJson<OutboxMessage>(`/api/admin/outbox/${id}`);
      setText(data.text);
      requestAnimationFrame(() => shown.current?.focus());
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The message could not be loaded.'), variant: 'destructive' });
    }
  };
  if (text === null)
    return (
      <Button variant="link" size="inline" onClick={() => void load()}>
        Read the message
      </Button>
    );
  return (
    <pre ref={shown} tabIndex={-1} className="bg-muted rounded-md p-3 text-xs break-words whitespace-pre-wrap focus:outline-none">
      {text}
    </pre>
  );
}

/** "Send test": the next briefing as it stands, to one address. */
function SendTestForm({ onSent }: { onSent: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    reportError,
  } = useZodForm(newsletterTestSchema, { email: '' });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await sendJson<{ message: string }>('POST', '/api/admin/newsletter/test', body);
      toast({ title: 'Test queued', description: message });
      onSent();
    } catch (error) {
      reportError(error, 'The test could not be sent.');
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-wrap items-end gap-3">
      <FormField id="newsletter-test-email" label="Send a test of the next briefing to" error={errors.email?.message} className="min-w-64 flex-1">
        <Input type="email" autoComplete="email" {...fieldProps('newsletter-test-email', errors.email?.message)} {...register('email')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send test'}
      </Button>
    </form>
  );
}

/**
 * The Newsletter tab: what the site sent (the outbox, 50 a page, newest first, by recipient,
 * kind and status, each with its delivery result and its text on demand), a preview of the
 * next briefing, and a test send of it.
 */
export function NewsletterTab() {
  const list = usePagedList<OutboxItem>('/api/admin/outbox', { filters: { kind: 'all', status: 'all' }, sort: 'newest' });
  return (
    <TabSection
      id="newsletter-title"
      title="Newsletter"
      intro="Every message the site sends goes through the outbox: briefings, roundups, alerts, confirmations and the editors' notices."
      className="space-y-6"
    >
      <div className="bg-card space-y-4 rounded-lg border p-4">
        <BriefingPreviewPanel />
        <SendTestForm onSent={list.reload} />
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold">Sent and queued mail</h3>
        <PagedList
          name="outbox"
          noun="message"
          list={list}
          searchLabel="Find by recipient address"
          filters={[
            {
              name: 'kind',
              label: 'Kind',
              options: [{ value: 'all', label: 'All kinds' }, ...OUTBOX_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))],
            },
            {
              name: 'status',
              label: 'Delivery status',
              options: [{ value: 'all', label: 'Any status' }, ...OUTBOX_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))],
            },
          ]}
          sorts={[{ value: 'newest', label: 'Newest first' }]}
          empty="No mail yet"
          renderRow={(m) => (
            <div className="space-y-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold break-words">{m.subject}</span>
                <Badge variant="secondary">{kindLabel(m.kind)}</Badge>
                <Badge variant="outline" className={m.status === 'failed' ? 'border-destructive text-destructive' : undefined}>
                  {STATUS_LABELS[m.status]}
                </Badge>
              </p>
              <p className="text-muted-foreground text-xs break-words">
                To {m.to} · queued {formatZonedDateTime(m.createdAt)}
                {m.sentAt ? ` · sent ${formatZonedDateTime(m.sentAt)}` : ''}
                {` · ${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`}
                {m.status === 'pending' && m.attempts > 0 ? ` · next try ${formatZonedDateTime(m.nextAttemptAt)}` : ''}
              </p>
              {m.lastError && <p className="text-destructive text-xs break-words">Last error: {m.lastError}</p>}
              <MessageText id={m.id} />
            </div>
          )}
        />
      </div>
    </TabSection>
  );
}
