import { useEditorState, type Editor } from '@tiptap/react';
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Columns3,
  Heading2,
  Heading3,
  ImagePlus,
  Images,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Rows3,
  Table2,
  Trash2,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';

/** A toolbar button; pressing it keeps the text's selection (the mouse-down does not take the focus). */
function Tool({ label, active = false, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(active && 'bg-muted text-primary')}
    >
      {children}
    </Button>
  );
}

/**
 * The editor's formatting toolbar. Link and Image by address open their forms under it; Image
 * opens the media library.
 */
export function EditorToolbar({
  editor,
  onLink,
  onImage,
  onImageAddress,
}: {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
  onImageAddress: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 border-b p-1">
      <Tool label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" />
      </Tool>
      <Tool label="Subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden="true" />
      </Tool>
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </Tool>
      <Tool label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" />
      </Tool>
      <Tool label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" />
      </Tool>
      <Tool label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote aria-hidden="true" />
      </Tool>
      <Tool label="Link" active={state.link} onClick={onLink}>
        <Link2 aria-hidden="true" />
      </Tool>
      <Tool label="Image" onClick={onImage}>
        <Images aria-hidden="true" />
      </Tool>
      <Tool label="Image by address" onClick={onImageAddress}>
        <ImagePlus aria-hidden="true" />
      </Tool>
      <Tool label="Table" active={state.table} onClick={() => chain().insertArticleTable().run()}>
        <Table2 aria-hidden="true" />
      </Tool>
      {state.table && (
        <>
          <Tool label="Add row below" onClick={() => chain().addTableRow().run()}>
            <BetweenHorizontalEnd aria-hidden="true" />
          </Tool>
          <Tool label="Add column right" onClick={() => chain().addTableColumn().run()}>
            <BetweenVerticalEnd aria-hidden="true" />
          </Tool>
          <Tool label="Delete row" onClick={() => chain().deleteTableRow().run()}>
            <Rows3 aria-hidden="true" />
          </Tool>
          <Tool label="Delete column" onClick={() => chain().deleteTableColumn().run()}>
            <Columns3 aria-hidden="true" />
          </Tool>
          <Tool label="Delete table" onClick={() => chain().deleteArticleTable().run()}>
            <Trash2 aria-hidden="true" />
          </Tool>
        </>
      )}
      <Tool label="Undo" onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </Tool>
      <Tool label="Redo" onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </Tool>
    </div>
  );
}
