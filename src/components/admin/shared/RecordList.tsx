import type { ComponentProps, ReactNode } from 'react';
import type { DeleteButton } from '@/components/admin/shared/admin-actions';
import { ItemRow, PagedList, type PagedListProps } from '@/components/admin/shared/PagedList';
import { TabSection } from '@/components/admin/shared/TabSection';

type SectionProps = Omit<ComponentProps<typeof TabSection>, 'action' | 'children'>;

interface RecordListProps<T extends { id: number }> extends Omit<PagedListProps<T>, 'renderRow'> {
  /** The section the list stands in: its heading (id, title, level) and the line under it. */
  section: SectionProps;
  /** The Add dialog (no item: beside the heading) or a row's Edit dialog; each calls `list.reload` once saved. */
  dialog: (item: T | undefined) => ReactNode;
  /**
   * A row's Delete: what it asks, the toast, the button's accessible name; the record's address
   * when it is not the list's own (`{list.endpoint}/{id}`).
   */
  remove: (item: T) => Omit<ComponentProps<typeof DeleteButton>, 'onDone' | 'path'> & { path?: string };
  /** What a row shows (Edit and Delete stand beside it). */
  renderRow: (item: T) => ReactNode;
  /** What follows the list in its section. */
  children?: ReactNode;
}

/**
 * The admin's list of records it keeps (authors, calendar events, annotations...): a section
 * with the Add dialog beside its heading, the server-paged list (`PagedList`), and on each row
 * its Edit dialog and Delete; a save or a deletion reloads the list.
 */
export function RecordList<T extends { id: number }>({ section, dialog, remove, renderRow, children, ...listProps }: RecordListProps<T>) {
  const { list } = listProps;
  return (
    <TabSection {...section} action={dialog(undefined)}>
      <PagedList
        {...listProps}
        renderRow={(item) => (
          <ItemRow edit={dialog(item)} remove={{ path: `${list.endpoint}/${item.id}`, ...remove(item), onDone: list.reload }}>
            {renderRow(item)}
          </ItemRow>
        )}
      />
      {children}
    </TabSection>
  );
}
