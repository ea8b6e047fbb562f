import { useEditorState, type Editor } from '@tiptap/react';
import {
  BetweenHorizontalEnd,
  ChartLine,
  Hash,
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
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';

/**
 * A toolbar button: its icon (decorative; the label names it); pressing it keeps the text's
 * selection (the mouse-down does not take the focus).
 */
function Tool({ label, icon: Icon, active = false, onClick }: { label: string; icon: LucideIcon; active?: boolean; onClick: () => void }) {
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
      <Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * The editor's formatting toolbar. Link and Image by address open their forms under it; Image
 * opens the media library; Figure and Chart from the data open the data catalog.
 */
export function EditorToolbar({
  editor,
  onLink,
  onImage,
  onImageAddress,
  onData,
}: {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
  onImageAddress: () => void;
  /** Opens the data catalog to insert a figure or a chart block. */
  onData: (kind: 'figure' | 'chart') => void;
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
      <Tool label="Heading" icon={Heading2} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <Tool label="Subheading" icon={Heading3} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <Tool label="Bold" icon={Bold} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label="Italic" icon={Italic} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool label="Bulleted list" icon={List} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <Tool label="Numbered list" icon={ListOrdered} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <Tool label="Quote" icon={Quote} active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
      <Tool label="Link" icon={Link2} active={state.link} onClick={onLink} />
      <Tool label="Image" icon={Images} onClick={onImage} />
      <Tool label="Image by address" icon={ImagePlus} onClick={onImageAddress} />
      <Tool label="Figure from the data" icon={Hash} onClick={() => onData('figure')} />
      <Tool label="Chart from the data" icon={ChartLine} onClick={() => onData('chart')} />
      <Tool label="Table" icon={Table2} active={state.table} onClick={() => chain().insertArticleTable().run()} />
      {state.table && (
        <>
          <Tool label="Add row below" icon={BetweenHorizontalEnd} onClick={() => chain().addTableRow().run()} />
          <Tool label="Add column right" icon={BetweenVerticalEnd} onClick={() => chain().addTableColumn().run()} />
          <Tool label="Delete row" icon={Rows3} onClick={() => chain().deleteTableRow().run()} />
          <Tool label="Delete column" icon={Columns3} onClick={() => chain().deleteTableColumn().run()} />
          <Tool label="Delete table" icon={Trash2} onClick={() => chain().deleteArticleTable().run()} />
        </>
      )}
      <Tool label="Undo" icon={Undo2} onClick={() => chain().undo().run()} />
      <Tool label="Redo" icon={Redo2} onClick={() => chain().redo().run()} />
    </div>
  );
}
