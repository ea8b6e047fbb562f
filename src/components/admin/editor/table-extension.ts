import { Extension, Node, mergeAttributes } from '@tiptap/react';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, deleteTable, tableEditing } from '@tiptap/pm/tables';
import type { Command as PmCommand } from '@tiptap/pm/state';

/** What prosemirror-tables needs of every cell: its span (the site's HTML keeps colspan and rowspan). */
const cellAttributes = {
  colspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('colspan') ?? 1) || 1 },
  rowspan: { default: 1, parseHTML: (el: HTMLElement) => Number(el.getAttribute('rowspan') ?? 1) || 1 },
  colwidth: { default: null, rendered: false },
};
const spans = (attrs: Record<string, unknown>) => ({
  ...(attrs['colspan'] !== 1 ? { colspan: attrs['colspan'] } : {}),
  ...(attrs['rowspan'] !== 1 ? { rowspan: attrs['rowspan'] } : {}),
});

const cell = (name: string, tag: 'td' | 'th') =>
  Node.create({
    name,
    content: 'paragraph+',
    isolating: true,
    addAttributes: () => cellAttributes,
    parseHTML: () => [{ tag }],
    renderHTML: ({ node }) => [tag, mergeAttributes(spans(node.attrs), tag === 'th' ? { scope: 'col' } : {}), 0],
  });

const ROLES: Record<string, string> = { table: 'table', tableRow: 'row', tableCell: 'cell', tableHeader: 'header_cell' };

const run =
  (command: PmCommand) =>
  () =>
  ({ state, dispatch }: { state: Parameters<PmCommand>[0]; dispatch: Parameters<PmCommand>[1] }) =>
    command(state, dispatch);

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    articleTable: {
      insertArticleTable: () => ReturnType;
      addTableRow: () => ReturnType;
      addTableColumn: () => ReturnType;
      deleteTableRow: () => ReturnType;
      deleteTableColumn: () => ReturnType;
      deleteArticleTable: () => ReturnType;
    };
  }
}

/**
 * Tables in the article editor (a header row, then body rows), on prosemirror-tables: cell
 * selection and editing, rows and columns added and removed from the toolbar. The HTML is
 * plain `table > tbody > tr > th|td` that the server's allow-list keeps.
 */
export const ArticleTable = Extension.create({
  name: 'articleTable',
  // Each table node tells prosemirror-tables its role.
  extendNodeSchema: (extension) => (ROLES[extension.name] ? { tableRole: ROLES[extension.name] } : {}),
  addExtensions: () => [
    Node.create({
      name: 'table',
      group: 'block',
      content: 'tableRow+',
      isolating: true,
      parseHTML: () => [{ tag: 'table' }],
      renderHTML: () => ['table', ['tbody', 0]],
    }),
    Node.create({ name: 'tableRow', content: '(tableCell | tableHeader)*', parseHTML: () => [{ tag: 'tr' }], renderHTML: () => ['tr', 0] }),
    cell('tableCell', 'td'),
    cell('tableHeader', 'th'),
  ],
  addProseMirrorPlugins: () => [tableEditing()],
  addCommands: () => ({
    insertArticleTable:
      () =>
      ({ commands }) =>
        commands.insertContent(
          `<table><tbody><tr><th><p>Heading</p></th><th><p>Heading</p></th></tr><tr><td><p></p></td><td><p></p></td></tr><tr><td><p></p></td><td><p></p></td></tr></tbody></table>`,
        ),
    addTableRow: run(addRowAfter),
    addTableColumn: run(addColumnAfter),
    deleteTableRow: run(deleteRow),
    deleteTableColumn: run(deleteColumn),
    deleteArticleTable: run(deleteTable),
  }),
});
