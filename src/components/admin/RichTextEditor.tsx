import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';

interface ToolProps {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active = false, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('hover:bg-muted inline-flex size-8 items-center justify-center rounded', active && 'bg-muted text-primary')}
    >
      {children}
    </button>
  );
}

/** A typed address made usable: http(s), mailto and site paths as they are, anything else as https. */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return /^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}

type Panel = { kind: 'link'; href: string } | { kind: 'image'; src: string; alt: string } | null;

/** The link and image forms that open under the toolbar (no browser prompts: real, labelled fields). */
function InsertPanel({
  editor,
  panel,
  setPanel,
  idPrefix,
}: {
  editor: Editor;
  panel: Exclude<Panel, null>;
  setPanel: (p: Panel) => void;
  idPrefix: string;
}) {
  const [error, setError] = useState('');
  const first = useRef<HTMLInputElement>(null);
  // The form takes the focus when it opens; closing gives it back to the text.
  useEffect(() => first.current?.focus(), [panel.kind]);
  const close = () => {
    setPanel(null);
    editor.commands.focus();
  };
  const apply = () => {
    if (panel.kind === 'link') {
      const href = normalizeUrl(panel.href);
      if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
      else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
      setPanel(null);
      return;
    }
    const src = normalizeUrl(panel.src);
    if (!src) return setError('Enter the image address.');
    if (!panel.alt.trim()) return setError('Describe the image for readers who cannot see it.');
    editor.chain().focus().setImage({ src, alt: panel.alt.trim() }).run();
    setPanel(null);
  };
  const field = 'border-input bg-card h-9 w-full rounded-md border px-3 text-sm';
  /** Enter applies (it must not submit the article form); Escape closes this form, not the dialog. */
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  return (
    <div
      className="bg-muted/40 grid gap-2 border-b p-3 sm:grid-cols-[1fr_1fr_auto]"
      role="group"
      aria-label={panel.kind === 'link' ? 'Link' : 'Image'}
    >
      {panel.kind === 'link' ? (
        <label className="grid gap-1 text-sm font-medium sm:col-span-2" htmlFor={`${idPrefix}-href`}>
          Link address
          <input
            id={`${idPrefix}-href`}
            ref={first}
            className={field}
            onKeyDown={onKey}
            value={panel.href}
            placeholder="https://…"
            onChange={(e) => setPanel({ ...panel, href: e.target.value })}
          />
        </label>
      ) : (
        <>
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${idPrefix}-src`}>
            Image address
            <input
              id={`${idPrefix}-src`}
              ref={first}
              className={field}
              onKeyDown={onKey}
              value={panel.src}
              placeholder="https://…"
              onChange={(e) => setPanel({ ...panel, src: e.target.value })}
            />
          </label>
          <label className="grid gap-1 text-sm font-medium" htmlFor={`${idPrefix}-alt`}>
            Description (alt text)
            <input
              id={`${idPrefix}-alt`}
              className={field}
              value={panel.alt}
              onKeyDown={onKey}
              onChange={(e) => setPanel({ ...panel, alt: e.target.value })}
            />
          </label>
        </>
      )}
      <div className="flex items-end gap-2">
        <Button type="button" size="sm" onClick={apply}>
          {panel.kind === 'link' ? 'Apply link' : 'Insert image'}
        </Button>
        {panel.kind === 'link' && editor.isActive('link') && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              setPanel(null);
            }}
          >
            Remove link
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm sm:col-span-3">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor, setPanel }: { editor: Editor; setPanel: (p: Panel) => void }) {
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
      <Tool
        label="Link"
        active={state.link}
        onClick={() => setPanel({ kind: 'link', href: (editor.getAttributes('link')['href'] as string | undefined) ?? '' })}
      >
        <Link2 aria-hidden="true" />
      </Tool>
      <Tool label="Image" onClick={() => setPanel({ kind: 'image', src: '', alt: '' })}>
        <ImagePlus aria-hidden="true" />
      </Tool>
      <Tool label="Undo" onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </Tool>
      <Tool label="Redo" onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </Tool>
    </div>
  );
}

/**
 * The article body editor: headings, emphasis, lists, quotes, links and images (with their
 * description), producing HTML the server sanitises again on every write. It fills the
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
  const [panel, setPanel] = useState<Panel>(null);
  const [words, setWords] = useState(0);
  const countWords = (e: Editor) => setWords(e.getText().split(/\s+/).filter(Boolean).length);
  const editor = useEditor({
    // A link ends where it was made: typing after it does not extend it.
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: false, protocols: ['http', 'https', 'mailto'] } }), Image],
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
  return (
    <div
      className={cn(
        'border-input bg-card focus-within:outline-ring flex min-h-64 flex-col rounded-md border focus-within:outline-2',
        invalid && 'border-destructive',
        className,
      )}
    >
      {editor && <Toolbar editor={editor} setPanel={setPanel} />}
      {editor && panel && <InsertPanel editor={editor} panel={panel} setPanel={setPanel} idPrefix={id} />}
      <EditorContent editor={editor} className="min-h-0 flex-1 overflow-y-auto" />
      <p className="text-muted-foreground border-t px-3 py-1 text-xs" aria-live="polite">
        {words.toLocaleString('en-US')} {words === 1 ? 'word' : 'words'}
      </p>
    </div>
  );
}
