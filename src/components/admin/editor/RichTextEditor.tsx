import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { EditorToolbar } from '@/components/admin/editor/EditorToolbar';
import { ImageForm } from '@/components/admin/editor/ImageForm';
import { LinkForm } from '@/components/admin/editor/LinkForm';
import { ArticleTable } from '@/components/admin/editor/table-extension';

/**
 * The article body editor: headings, emphasis, lists, quotes, links, tables and images (with
 * their description), producing HTML the server sanitises again on every write. It fills the
 * height it is given; the word count sits under the text.
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
  const [words, setWords] = useState(0);
  const countWords = (e: Editor) => setWords(e.getText().split(/\s+/).filter(Boolean).length);
  const editor = useEditor({
    // A link ends where it was made: typing after it does not extend it.
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: false, protocols: ['http', 'https', 'mailto'] } }),
      Image,
      ArticleTable,
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
        class: 'article-body min-h-full px-4 py-3 text-base focus:outline-none',
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
  return (
    <div
      className={cn(
        'border-input bg-card focus-within:outline-ring flex min-h-64 flex-col rounded-md border focus-within:outline-2',
        invalid && 'border-destructive',
        className,
      )}
    >
      {editor && <EditorToolbar editor={editor} onLink={() => open('link')} onImage={() => open('image')} />}
      {editor && form?.kind === 'link' && <LinkForm key={form.opened} editor={editor} idPrefix={id} onClose={close} />}
      {editor && form?.kind === 'image' && <ImageForm key={form.opened} editor={editor} idPrefix={id} onClose={close} />}
      <EditorContent editor={editor} className="min-h-0 flex-1 overflow-y-auto" />
      <p className="text-muted-foreground border-t px-3 py-1 text-xs" aria-live="polite">
        {words.toLocaleString('en-US')} {words === 1 ? 'word' : 'words'}
      </p>
    </div>
  );
}
