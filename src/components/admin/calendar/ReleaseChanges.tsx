import { useId, useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatEasternTime } from '@/lib/calendar-format';
import type { ReleaseChangeItem, ReleaseChoice } from '@/lib/wire/calendar';
import { releaseChangeSchema } from '@/lib/validation/release-change';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';
import { ItemRow, PagedList } from '@/components/admin/shared/PagedList';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { TabSection } from '@/components/admin/shared/TabSection';

/** Today as `YYYY-MM-DD` in the browser (enough to preselect the next release). */
const today = () => new Date().toISOString().slice(0, 10);

/** Record EIA's change to a release (a new time, or postponed with none yet), or edit one. */
function ReleaseChangeDialog({ item, releases, onSaved }: { item?: ReleaseChangeItem; releases: ReleaseChoice[]; onSaved: () => void }) {
  const [releaseId, setReleaseId] = useState(item?.releaseId ?? releases.find((r) => r.scheduledAt >= today())?.releaseId ?? '');
  const selectId = useId();
  return (
    <EditDialog
      schema={releaseChangeSchema}
      values={{ startsAt: item?.startsAt ?? '', note: item?.note ?? '' }}
      idPrefix={`release-change-${item?.releaseId ?? 'new'}`}
      editLabel={item && `Edit the change to ${item.title}, ${formatEasternTime(item.scheduledAt)}`}
      title={item ? 'Edit Release Change' : 'Move or Postpone a Release'}
      description="When EIA publishes a release at another time than usual. Leave the new time empty while EIA has given none: the calendar says postponed, new date to come."
      submitLabel="Save Change"
      addVariant="outline"
      canSubmit={releaseId !== ''}
      save={(body) => sendJson('PUT', `/api/admin/release-changes/${releaseId}`, body)}
      saved={(body) => (body.startsAt ? 'Release moved' : 'Release marked postponed')}
      failure="The change could not be saved."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          {item ? (
            <p className="text-sm">
              <span className="font-medium">{item.title}</span>, usually {formatEasternTime(item.scheduledAt)}
            </p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={selectId}>Release</Label>
              <NativeSelect
                id={selectId}
                value={releaseId}
                onChange={(e) => setReleaseId(e.target.value)}
                options={releases.map((r) => ({ value: r.releaseId, label: `${r.title}, ${formatEasternTime(r.scheduledAt)}` }))}
              />
            </div>
          )}
          <TextField form={form} name="startsAt" label="New time (ET; empty: no new date yet)" type="datetime-local" />
          <TextField form={form} name="note" label="What EIA said (optional)" />
        </>
      )}
    </EditDialog>
  );
}

/** EIA's changes to its computed releases: moved or postponed ones, 50 a page, with the releases that can be changed. */
export function ReleaseChanges() {
  const list = usePagedList<ReleaseChangeItem, { releases: ReleaseChoice[] }>('/api/admin/release-changes', {
    keyOf: (item) => item.releaseId,
    failure: 'Could not load the release changes.',
  });
  const releases = list.data?.releases ?? [];
  return (
    <TabSection
      id="release-changes-title"
      title="Moved and Postponed Releases"
      level={3}
      intro="When EIA delays or moves a release, note it here: the calendar and its feed follow."
      action={list.data && <ReleaseChangeDialog releases={releases} onSaved={list.reload} />}
    >
      <PagedList
        label="Release changes, latest first"
        noun="release change"
        list={list}
        empty="Every release is on its usual schedule."
        renderRow={(item) => {
          const usually = formatEasternTime(item.scheduledAt);
          return (
            <ItemRow
              edit={<ReleaseChangeDialog item={item} releases={releases} onSaved={list.reload} />}
              remove={{
                question: `Put the ${item.title} of ${usually} back on its usual schedule?`,
                path: `/api/admin/release-changes/${item.releaseId}`,
                success: 'Release back on its usual schedule',
                onDone: list.reload,
                label: `Delete the change to ${item.title}, ${usually}`,
              }}
            >
              <p className="font-semibold">{item.title}</p>
              <p className="text-muted-foreground text-sm">
                Usually {usually}: {item.startsAt ? `moved to ${formatEasternTime(item.startsAt)}` : 'postponed, no new date yet'}
                {item.note && ` · ${item.note}`}
              </p>
            </ItemRow>
          );
        }}
      />
    </TabSection>
  );
}
