import { useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { correctionInputSchema } from '@/lib/validation/correction';
import type { RevisionNotice } from '@/lib/wire/staff';
import { formatAsOf } from '@/lib/market-format';
import { TextField } from '@/components/forms/BoundFields';
import { useCan } from '@/components/admin/account';
import { EditDialog } from '@/components/admin/shared/EditDialog';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { TabSection } from '@/components/admin/shared/TabSection';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

/** Who started a correction's draft, and when, as the dialog says it. */
const startedBy = (drafting: RevisionNotice['drafting']) =>
  drafting ? ` ${drafting.by} started this draft on ${formatAsOf(drafting.at.slice(0, 10), 'daily')}, ${drafting.at.slice(11, 16)} UTC.` : '';

/**
 * The dated correction a notice drafts, to check and publish on its story. Opening it opens the
 * notice's one draft (written by the first editor who opens it; everyone else is taken to it).
 */
function CorrectionDraft({ notice, onSaved }: { notice: RevisionNotice; onSaved: () => void }) {
  const [drafting, setDrafting] = useState(notice.drafting);
  return (
    <EditDialog
      schema={correctionInputSchema}
      values={{ text: notice.draft }}
      idPrefix={`revision-correction-${notice.id}`}
      title="Draft a Correction"
      description={`A correction of “${notice.article.title}”, dated today once published. Readers see it under the story, in its feed items and on the corrections page.${startedBy(drafting)}`}
      submitLabel="Publish Correction"
      onOpen={async () => {
        const opened = await sendJson<RevisionNotice>('POST', `/api/admin/revision-notices/${notice.id}/draft`);
        setDrafting(opened.drafting);
        return { text: opened.draft };
      }}
      save={(body) => sendJson('POST', `/api/admin/revision-notices/${notice.id}/correction`, body)}
      saved="Correction published"
      failure="The correction could not be published."
      onSaved={onSaved}
    >
      {(form) => <TextField form={form} name="text" label="Correction" rows={5} />}
    </EditDialog>
  );
}

/**
 * The revision watch in the panel: figures EIA revised that published stories cite (editors see
 * every story's, others their own), each with the story, the figure, what the story states and
 * the revision; one click drafts the story's dated correction. Shown only while there are any.
 */
export function RevisionNotices() {
  const canCorrect = useCan('correctArticles');
  const list = usePagedList<RevisionNotice>('/api/admin/revision-notices', {
    filters: { status: 'open' },
    failure: 'Could not load the revised figures.',
  });
  if (!list.data || list.data.total === 0) return null;
  return (
    <TabSection
      id="revision-notices-title"
      level={3}
      title="Figures EIA revised in published stories"
      intro="Each story's page already marks the revision. A correction says so to readers, dated."
    >
      <PagedList
        name="revision notices"
        label="Revised figures, newest first"
        noun="revised figure"
        list={list}
        empty="No revised figures."
        renderRow={(n) => (
          <ItemRow edit={canCorrect && n.correctionId === null ? <CorrectionDraft notice={n} onSaved={list.reload} /> : null} remove={undefined}>
            <p className="font-semibold" data-testid="revision-notice">
              <a className="hover:underline" href={`/article/${n.article.slug}`}>
                {n.article.title}
              </a>
            </p>
            <p className="text-sm">
              {n.series.name}, {formatAsOf(n.period, 'daily')}: the story states {n.text.asPublished}; EIA revised {n.text.previous} to{' '}
              <strong>{n.text.value}</strong>.
            </p>
          </ItemRow>
        )}
      />
    </TabSection>
  );
}
