import Image from '@tiptap/extension-image';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { minutesForWords } from '@/lib/article-meta';
import { cn } from '@/lib/utils';
import { EditorToolbar } from '@/components/admin/editor/EditorToolbar';
import { DataChart, DataFigure } from '@/components/admin/editor/data-ref-extensions';
import { DataInsertDialog, type DataInsertKind } from '@/components/admin/editor/DataInsertDialog';
import { Figure } from '@/components/admin/editor/figure-extension';
import { ImageForm } from '@/components/admin/editor/ImageForm';
import { LinkForm } from '@/components/admin/editor/LinkForm';
import { ArticleTable } from '@/components/admin/editor/table-extension';
import { MediaPicker } from '@/components/admin/media/MediaPicker';
import { imageFilesOf } from '@/components/admin/media/upload-media';

/** Puts the cursor where a file was dropped, so the image lands there. */
function moveToDrop(view: EditorView, event: DragEvent): void {
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
  if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
}

/**
 * The article body editor: headings, emphasis, lists, quotes, links, tables, images (from
 * the media library, with alt text, caption and credit; or by address), and figures and chart
 * blocks from the data catalog (references to the data, never typed numbers), producing HTML the
 * server sanitises again on every write. An image file dropped or pasted into the text opens
 * the library with that file uploading. It fills the height it is given; the word count and
 * reading time sit under the text.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
}) {
  // The open form under the toolbar; `opened` starts it afresh each time its button is pressed.
  const [form, setForm] = useState<{ kind: 'link' | 'image'; opened: number } | null>(null);
  // The media library's dialog, with the file dropped or pasted into the text, if any.
  const [picker, setPicker] = useState<{ open: boolean; file?: File | undefined; opened: number }>({ open: false, opened: 0 });
  // The data catalog's dialog: a figure or a chart block to insert.
  const [data, setData] = useState<{ kind: DataInsertKind; open: boolean }>({ kind: 'figure', open: false });
  const [words, setWords] = useState(0);
  const countWords = (e: Editor) => setWords(e.getText().split(/\s+/).filter(Boolean).length);
  const openPicker = useRef((file?: File) => setPicker((p) => ({ open: true, file, opened: p.opened + 1 })));
  const editor = useEditor({
    // A link ends where it was made: typing after it does not extend it.
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: false, protocols: ['http', 'https', 'mailto'] } }),
      Image,
      Figure,
      ArticleTable,
      DataFigure,
      DataChart,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'article-body flex-1 px-4 py-3 text-base focus:outline-none',
      },
      handleDrop: (view, event) => {
        const [file] = imageFilesOf(event.dataTransfer);
        if (!file) return false;
        event.preventDefault();
        moveToDrop(view, event);
        openPicker.current(file);
        return true;
      },
      handlePaste: (_view, event) => {
        const [file] = imageFilesOf(event.clipboardData);
        if (!file) return false;
        event.preventDefault();
        openPicker.current(file);
        return true;
      },
    },
    onCreate: ({ editor: e }) => countWords(e),
    onUpdate: ({ editor: e }) => {
      onChange(e.isEmpty ? '' : e.getHTML());
      countWords(e);
    },
  });
  const open = (kind: 'link' | 'image') => setForm((current) => ({ kind, opened: (current?.opened ?? 0) + 1 }));
  const close = () => setForm(null);
  /** A dialog's open state, kept by `set`; closing the dialog gives the focus back to the text. */
  const openChange =
    <S extends { open: boolean }>(set: Dispatch<SetStateAction<S>>) =>
    (next: boolean) => {
      set((state) => ({ ...state, open: next }));
      if (!next) editor?.commands.focus();
    };
  return (
    <div
      className={cn(
        'border-input bg-card focus-within:outline-ring flex min-h-64 flex-col rounded-md border focus-within:outline-2',
        invalid && 'border-destructive',
        className,
      )}
    >
      {editor && (
        <EditorToolbar
          editor={editor}
          onLink={() => open('link')}
          onImage={() => openPicker.current()}
          onImageAddress={() => open('image')}
          onData={(kind) => setData({ kind, open: true })}
        />
      )}
      {editor && form?.kind === 'link' && <LinkForm key={form.opened} editor={editor} idPrefix={id} onClose={close} />}
      {editor && form?.kind === 'image' && <ImageForm key={form.opened} editor={editor} idPrefix={id} onClose={close} />}
      <EditorContent editor={editor} className="flex min-h-0 flex-1 flex-col overflow-y-auto" />
      <p className="text-muted-foreground border-t px-3 py-1 text-xs" aria-live="polite" data-testid="word-count">
        {words.toLocaleString('en-US')} {words === 1 ? 'word' : 'words'} · {minutesForWords(words)} min read
      </p>
      {editor && (
        <DataInsertDialog
          kind={data.kind}
          open={data.open}
          onOpenChange={openChange(setData)}
          onInsertFigure={(ref) => editor.chain().focus().insertDataFigure(ref).run()}
          onInsertChart={(ref) => editor.chain().focus().insertDataChart(ref).run()}
        />
      )}
      {editor && (
        <MediaPicker
          key={picker.opened}
          open={picker.open}
          onOpenChange={openChange(setPicker)}
          title="Insert image"
          withDetails
          placeLabel="Insert image"
          file={picker.file}
          onPick={(item, details) =>
            editor
              .chain()
              .focus()
              .insertFigure({ src: item.url, width: item.width, height: item.height, ...details })
              .run()
          }
        />
      )}
    </div>
  );
}
