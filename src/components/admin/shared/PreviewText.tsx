import { useRef, useState } from 'react';
import { endAtWord } from '@/lib/format';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';

/**
 * A list row's text: the beginning the list carries, ended at a word with an ellipsis when
 * there is more, and a button that loads the whole text (the text then takes the focus).
 */
export function PreviewText({
  text,
  truncated,
  loadFull,
  moreLabel,
}: {
  text: string;
  truncated: boolean | undefined;
  loadFull: () => Promise<string>;
  moreLabel: string;
}) {
  const [full, setFull] = useState<string | null>(null);
  const paragraph = useRef<HTMLParagraphElement>(null);
  const showAll = async () => {
    try {
      setFull(await loadFull());
      requestAnimationFrame(() => paragraph.current?.focus());
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'The whole text could not be loaded.'), variant: 'destructive' });
    }
  };
  return (
    <>
      <p ref={paragraph} tabIndex={-1} className="text-sm break-words whitespace-pre-line focus:outline-none">
        {full ?? (truncated ? endAtWord(text) : text)}
      </p>
      {truncated && full === null && (
        <Button variant="link" size="inline" onClick={() => void showAll()}>
          {moreLabel}
        </Button>
      )}
    </>
  );
}
