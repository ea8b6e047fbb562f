import type { ComponentProps, ReactNode } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { BulkActions, DeleteButton, mutate } from '@/components/admin/shared/admin-actions';
import { PagedList, type PagedListProps } from '@/components/admin/shared/PagedList';
import { PreviewText } from '@/components/admin/shared/PreviewText';
import { TabSection } from '@/components/admin/shared/TabSection';

/** A row's own action: a button that changes the record (`PATCH {path}/{id}{to}` with `body`), then says `done`. */
interface RowAction {
  label: string;
  variant?: 'default' | 'secondary';
  /** What follows the record's address (`/approve`). */
  to?: string;
  body?: unknown;
  /** The toast once it is done. */
  done: string;
}

interface InboxListProps<T extends { id: number; truncated?: boolean | undefined }> extends Omit<PagedListProps<T>, 'bulkActions' | 'renderRow'> {
  /** The section the list stands in: its heading's id and title. */
  section: { id: string; title: string };
  /** What can be done to the selected rows (`plural` names them in the question and the toast). */
  bulk: Pick<ComponentProps<typeof BulkActions>, 'plural' | 'actions'>;
  /** The field readers wrote (the list carries its beginning), and the button that shows all of it. */
  text: { of: (item: T) => string; moreLabel: string };
  /** The row's action before Delete (approve, mark handled), if it has one. */
  action: (item: T) => RowAction | false;
  /** What Delete asks, and its toast. */
  remove: { question: string; success: string };
  /** What a row shows besides its actions; `text` is what the reader wrote, to place where it reads best. */
  renderRow: (item: T, text: ReactNode) => ReactNode;
}

/**
 * What readers send the newsroom (comments, messages) as the admin works through it: the
 * server-paged list with bulk actions on the selected rows, each row with the beginning of what
 * was written (the whole of it loaded on request), its own action and Delete; every change
 * refreshes the list and the panel's counts.
 */
export function InboxList<T extends { id: number; truncated?: boolean | undefined }>({
  section,
  bulk,
  text,
  action,
  remove,
  renderRow,
  ...listProps
}: InboxListProps<T>) {
  const { list } = listProps;
  // The list's own address: `{path}/bulk` acts on the selected records, `{path}/{id}` reads a whole one and deletes it.
  const path = list.endpoint;
  return (
    <TabSection {...section}>
      <PagedList
        {...listProps}
        bulkActions={(ids) => <BulkActions path={`${path}/bulk`} ids={ids} {...bulk} onDone={list.changed} />}
        renderRow={(item) => (
          <div className="space-y-2">
            {renderRow(
              item,
              <PreviewText
                text={text.of(item)}
                truncated={item.truncated}
                loadFull={() => getJson<T>(`${path}/${item.id}`).then(({ data }) => text.of(data))}
                moreLabel={text.moreLabel}
              />,
            )}
            <div className="flex gap-2">
              <RowActionButton action={action(item)} path={`${path}/${item.id}`} onDone={list.changed} />
              <DeleteButton {...remove} path={`${path}/${item.id}`} onDone={list.changed} />
            </div>
          </div>
        )}
      />
    </TabSection>
  );
}

function RowActionButton({ action, path, onDone }: { action: RowAction | false; path: string; onDone: () => void }) {
  if (!action) return null;
  const { label, variant = 'default', to = '', body, done } = action;
  return (
    <Button size="sm" variant={variant} onClick={() => void mutate(() => sendJson('PATCH', `${path}${to}`, body), done, onDone)}>
      {label}
    </Button>
  );
}
