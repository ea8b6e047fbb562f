import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

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

function askUrl(message: string, current = ''): string | null {
  const value = window.prompt(message, current);
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' || /^(https?:\/\/|mailto:|\/)/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function Toolbar({ editor }: { editor: Editor }) {
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
        onClick={() => {
          const href = askUrl('Link address (leave empty to remove)', editor.getAttributes('link')['href'] as string | undefined);
          if (href === null) return;
          if (href === '') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      >
        <Link2 aria-hidden="true" />
      </Tool>
      <Tool
        label="Image"
        onClick={() => {
          const src = askUrl('Image address');
          if (!src) return;
          const alt = window.prompt('Describe the image for readers who cannot see it') ?? '';
          chain().setImage({ src, alt }).run();
        }}
      >
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
 * The article body editor: headings, emphasis, lists, quotes, links and images, producing
 * HTML (which the server sanitises again on every write).
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }), Image],
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
        class: 'article-body min-h-56 max-h-[50vh] overflow-y-auto px-3 py-2 text-base focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className={cn('border-input bg-card focus-within:outline-ring rounded-md border focus-within:outline-2', invalid && 'border-destructive')}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
