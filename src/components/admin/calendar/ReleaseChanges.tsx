import { useId, useState } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatCalendarDay, formatClock } from '@/lib/calendar-format';
import type { ReleaseChangeItem, ReleaseChoice } from '@/lib/wire/calendar';
import { releaseChangeSchema } from '@/lib/validation/release-change';
import type * as z from '@/lib/validation/zod-mini';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useZodForm } from '@/components/forms/use-zod-form';
import { DeleteButton } from '@/components/admin/shared/admin-actions';
import { FormDialog } from '@/components/admin/shared/FormDialog';
import { useResource } from '@/components/admin/shared/use-resource';

interface ChangePage {
  items: ReleaseChangeItem[];
  total: number;
  page: number;
  pageSize: number;
  releases: ReleaseChoice[];
}

/** "Wed, Nov 25, 10:30 AM ET" of a `YYYY-MM-DDTHH:MM` Eastern time. */
const when = (local: string) => {
  const [day = '', time = ''] = local.split('T');
  return `${formatCalendarDay(day)}, ${day.slice(0, 4)}, ${formatClock(time)} ET`;
};

/** Record EIA's change to a release (a new time, or postponed with none yet), or edit one. */
function ReleaseChangeDialog({ item, releases, onSaved }: { item?: ReleaseChangeItem; releases: ReleaseChoice[]; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [releaseId, setReleaseId] = useState(item?.releaseId ?? releases.find((r) => r.scheduledAt >= today())?.releaseId ?? '');
  const defaults: Required<z.input<typeof releaseChangeSchema>> = { startsAt: item?.startsAt ?? '', note: item?.note ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    reportError,
    formState: { errors, isSubmitting },
  } = useZodForm(releaseChangeSchema, defaults);
  const selectId = useId();
  const id = (name: string) => `release-change-${item?.releaseId ?? 'new'}-${name}`;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await sendJson('PUT', `/api/admin/release-changes/${releaseId}`, body);
      toast({ title: body.startsAt ? 'Release moved' : 'Release marked postponed' });
      setOpen(false);
      if (!item) reset(defaults);
      onSaved();
    } catch (error) {
      reportError(error, 'The change could not be saved.');
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        item ? (
          <Button variant="outline" size="sm" aria-label={`Edit the change to ${item.title}, ${when(item.scheduledAt)}`}>
            Edit
          </Button>
        ) : (
          <Button variant="outline">Move or Postpone a Release</Button>
        )
      }
      title={item ? 'Edit Release Change' : 'Move or Postpone a Release'}
      description="When EIA publishes a release at another time than usual. Leave the new time empty while EIA has given none: the calendar says postponed, new date to come."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        {item ? (
          <p className="text-sm">
            <span className="font-medium">{item.title}</span>, usually {when(item.scheduledAt)}
          </p>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={selectId}>Release</Label>
            <NativeSelect id={selectId} value={releaseId} onChange={(e) => setReleaseId(e.target.value)}>
              {releases.map((r) => (
                <option key={r.releaseId} value={r.releaseId}>
                  {r.title}, {when(r.scheduledAt)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <FormField id={id('startsAt')} label="New time (ET; empty: no new date yet)" error={errors.startsAt?.message}>
          <Input type="datetime-local" {...fieldProps(id('startsAt'), errors.startsAt?.message)} {...register('startsAt')} />
        </FormField>
        <FormField id={id('note')} label="What EIA said (optional)" error={errors.note?.message}>
          <Input {...fieldProps(id('note'), errors.note?.message)} {...register('note')} />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !releaseId}>
            {isSubmitting ? 'Saving...' : 'Save Change'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/** Today as `YYYY-MM-DD` in the browser (enough to preselect the next release). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** EIA's changes to its computed releases: moved or postponed ones, 50 a page. */
export function ReleaseChanges() {
  const [page, setPage] = useState(1);
  const { data, reload } = useResource<ChangePage>(`/api/admin/release-changes?page=${page}`, 'Could not load the release changes.');
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="release-changes-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h3 id="release-changes-title" className="text-lg font-semibold">
            Moved and Postponed Releases
          </h3>
          <p className="text-muted-foreground text-sm">When EIA delays or moves a release, note it here: the calendar and its feed follow.</p>
        </div>
        {data && <ReleaseChangeDialog releases={data.releases} onSaved={reload} />}
      </div>
      {data && data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">Every release is on its usual schedule.</p>
      ) : (
        <ul className="bg-card divide-y rounded-lg border" aria-label="Release changes, latest first">
          {data?.items.map((item) => (
            <li key={item.releaseId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold">{item.title}</p>
                <p className="text-muted-foreground text-sm">
                  Usually {when(item.scheduledAt)}: {item.startsAt ? `moved to ${when(item.startsAt)}` : 'postponed, no new date yet'}
                  {item.note && ` · ${item.note}`}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <ReleaseChangeDialog item={item} releases={data.releases} onSaved={reload} />
                <DeleteButton
                  question={`Put the ${item.title} of ${when(item.scheduledAt)} back on its usual schedule?`}
                  path={`/api/admin/release-changes/${item.releaseId}`}
                  success="Release back on its usual schedule"
                  onDone={reload}
                  label={`Delete the change to ${item.title}, ${when(item.scheduledAt)}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Release change pages" className="flex items-center gap-3 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
