import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { InsertField, InsertForm } from '@/components/admin/editor/InsertForm';
import { normalizeUrl } from '@/components/admin/editor/normalize-url';

/** The Link form: the address of the selected text's link (an empty one removes the link). */
export function LinkForm({ editor, idPrefix, onClose }: { editor: Editor; idPrefix: string; onClose: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link')['href'] as string | undefined) ?? '');
  const unlink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const apply = () => {
    const url = normalizeUrl(href);
    if (url === '') return unlink();
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onClose();
  };
  const cancel = () => {
    onClose();
    editor.commands.focus();
  };
  return (
    <InsertForm
      label="Link"
      applyLabel="Apply link"
      onApply={apply}
      onCancel={cancel}
      className="sm:grid-cols-[1fr_auto]"
      actions={
        editor.isActive('link') && (
          <Button type="button" size="sm" variant="outline" onClick={unlink}>
            Remove link
          </Button>
        )
      }
    >
      <InsertField id={`${idPrefix}-href`} label="Link address" value={href} onChange={setHref} placeholder="https://…" />
    </InsertForm>
  );
}
