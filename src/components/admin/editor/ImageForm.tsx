import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { InsertField, InsertForm } from '@/components/admin/editor/InsertForm';
import { normalizeUrl } from '@/components/admin/editor/normalize-url';

/** The Image form: an image goes in only with its address and a description for readers who cannot see it. */
export function ImageForm({ editor, idPrefix, onClose }: { editor: Editor; idPrefix: string; onClose: () => void }) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const apply = () => {
    const url = normalizeUrl(src);
    if (!url) return setError('Enter the image address.');
    if (!alt.trim()) return setError('Describe the image for readers who cannot see it.');
    editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
    onClose();
  };
  const cancel = () => {
    onClose();
    editor.commands.focus();
  };
  return (
    <InsertForm label="Image" applyLabel="Insert image" onApply={apply} onCancel={cancel} error={error} className="sm:grid-cols-[1fr_1fr_auto]">
      <InsertField id={`${idPrefix}-src`} label="Image address" value={src} onChange={setSrc} placeholder="https://…" />
      <InsertField id={`${idPrefix}-alt`} label="Description (alt text)" value={alt} onChange={setAlt} />
    </InsertForm>
  );
}
