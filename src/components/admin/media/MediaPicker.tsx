import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { sendJson } from '@/lib/api-client';
import type { MediaItem } from '@/lib/wire/media';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ImageDetailsFields, type ImageDetails } from '@/components/admin/media/ImageDetailsFields';
import { LibraryGrid, LibrarySearch } from '@/components/admin/media/MediaBrowser';
import { UploadButton, UploadProgress } from '@/components/admin/media/MediaUpload';
import { imageFilesOf } from '@/components/admin/media/upload-media';
import { useMediaUpload } from '@/components/admin/media/use-media-upload';
import { usePagedList } from '@/components/admin/shared/use-paged-list';

const ALT_REQUIRED = 'Describe the image for readers who cannot see it (alt text).';

interface MediaPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Ask for alt text (required), caption and credit before the image is placed. */
  withDetails: boolean;
  /** The label of the button that places the chosen image. */
  placeLabel: string;
  /** A file dropped or pasted elsewhere (the editor), uploaded as soon as the picker opens. */
  file?: File | undefined;
  onPick: (item: MediaItem, details: ImageDetails) => void;
}

/**
 * The media library as a dialog: browse it (paged and searched on the server), upload by the
 * file picker, by dropping a file onto the dialog or by pasting one, then place the chosen
 * image. An upload shows its progress and the server's refusal (not an image the library
 * takes, too large); the details can be typed while it is under way.
 */
export function MediaPicker({ open, onOpenChange, title, ...props }: MediaPickerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="wide"
        className="max-w-4xl"
        data-media-picker
        onCloseAutoFocus={(event) => {
          // Focus placed on purpose as it closed (the editor's text, the address form) stays there.
          const active = document.activeElement;
          if (active instanceof HTMLElement && active !== document.body && !active.closest('[data-media-picker]')) event.preventDefault();
        }}
        onOpenAutoFocus={(event) => {
          // Opened with a file: the details can be typed while it goes up.
          const first = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>('[data-autofocus]') : null;
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Choose an image from the library, or upload one: pick a file, drop it here or paste it.</DialogDescription>
        </DialogHeader>
        <PickerBody {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's content, mounted each time it opens so every opening starts afresh: the
 * library to browse (`MediaBrowser`), the upload (`MediaUpload`), the details of the image
 * to place (`ImageDetailsFields`), and Place.
 */
function PickerBody({
  withDetails,
  placeLabel,
  file,
  onPick,
  onClose,
}: Omit<MediaPickerProps, 'open' | 'onOpenChange' | 'title'> & { onClose: () => void }) {
  const id = useId();
  const list = usePagedList<MediaItem>('/api/admin/media', { failure: 'The library could not be loaded.', inline: true });
  const [selected, setSelected] = useState<MediaItem | undefined>(undefined);
  const [details, setDetails] = useState<ImageDetails>({ alt: '', caption: '', credit: '' });
  const [altError, setAltError] = useState('');
  const [dragging, setDragging] = useState(false);
  const altInput = useRef<HTMLInputElement>(null);

  /** The chosen image's own description fills the fields not typed in yet. */
  const choose = (item: MediaItem) => {
    setSelected(item);
    setDetails((d) => ({ alt: d.alt || item.alt, caption: d.caption || item.caption, credit: d.credit || item.credit }));
  };
  const { upload, start, uploading } = useMediaUpload({
    file,
    onStart: () => setSelected(undefined),
    onUploaded: (item) => {
      choose(item);
      list.setData((l) => l && { ...l, items: [item, ...l.items.filter((i) => i.id !== item.id)], total: l.total + 1 });
    },
  });

  const takeFiles = (files: File[]) => {
    const [first] = files;
    if (first) start(first);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    takeFiles(imageFilesOf(event.dataTransfer));
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = imageFilesOf(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    takeFiles(files);
  };

  const place = () => {
    if (!selected) return;
    const alt = details.alt.trim();
    if (withDetails && !alt) {
      setAltError(ALT_REQUIRED);
      altInput.current?.focus();
      return;
    }
    // An image placed with a description gives the library that description too, if it had none.
    if (withDetails && !selected.alt) void sendJson('PATCH', `/api/admin/media/${selected.id}`, { alt }).catch(() => undefined);
    onPick(selected, { alt, caption: details.caption.trim(), credit: details.credit.trim() });
    onClose();
  };

  const preview = selected ? (selected.variants[0]?.webp ?? selected.url) : upload?.preview;
  return (
    <div
      className={cn('grid gap-4 rounded-md', dragging && 'outline-primary outline-2 outline-dashed')}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
      data-testid="media-picker"
    >
      <div className="flex flex-wrap items-end gap-2">
        <LibrarySearch id={`${id}-search`} list={list} />
        <UploadButton onFile={start} />
      </div>
      {upload && <UploadProgress upload={upload} />}
      <LibraryGrid list={list} selected={selected} onChoose={choose} />
      {(selected || uploading || (file && !upload)) && (
        <div className="grid gap-3 border-t pt-4 sm:grid-cols-[8rem_1fr]">
          {preview ? (
            <img src={preview} alt="" className="bg-muted aspect-video w-full rounded object-cover sm:aspect-square" />
          ) : (
            <span className="bg-muted aspect-video w-full rounded sm:aspect-square" />
          )}
          <div className="grid gap-3">
            {selected && (
              <p className="text-muted-foreground text-sm" data-testid="media-selected">
                {selected.filename}, {selected.width}×{selected.height}
              </p>
            )}
            {withDetails && (
              <ImageDetailsFields
                id={id}
                details={details}
                onChange={(next) => {
                  setDetails(next);
                  if (next.alt.trim()) setAltError('');
                }}
                altError={altError}
                altRef={altInput}
                autoFocusAlt={Boolean(file)}
              />
            )}
          </div>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={place} disabled={!selected}>
          {uploading && !selected ? `Uploading… ${Math.round((upload?.progress ?? 0) * 100)}%` : placeLabel}
        </Button>
      </div>
    </div>
  );
}
