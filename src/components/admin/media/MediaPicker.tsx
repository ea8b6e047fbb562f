import { ImageUp, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import type { AdminPage } from '@/lib/wire/common';
import type { MediaItem } from '@/lib/wire/media';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { IMAGE_TYPES, imageFilesOf, uploadToLibrary } from '@/components/admin/media/upload-media';

/** How an image is shown where it is placed: alt text for readers who cannot see it, caption and credit. */
export interface ImageDetails {
  alt: string;
  caption: string;
  credit: string;
}

export const ALT_REQUIRED = 'Describe the image for readers who cannot see it (alt text).';

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

interface Upload {
  name: string;
  preview: string;
  progress: number;
  error?: string;
}

/** The dialog's content: mounted each time it opens, so every opening starts afresh. */
function PickerBody({
  withDetails,
  placeLabel,
  file,
  onPick,
  onClose,
}: Omit<MediaPickerProps, 'open' | 'onOpenChange' | 'title'> & { onClose: () => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [list, setList] = useState<AdminPage<MediaItem> | undefined>(undefined);
  const [listError, setListError] = useState('');
  const [selected, setSelected] = useState<MediaItem | undefined>(undefined);
  const [upload, setUpload] = useState<Upload | undefined>(undefined);
  const [details, setDetails] = useState<ImageDetails>({ alt: '', caption: '', credit: '' });
  const [altError, setAltError] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const uploads = useRef(new AbortController());

  // The search waits for a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.q === search.trim() ? current : { q: search.trim(), page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ page: String(query.page), ...(query.q ? { q: query.q } : {}) });
    getJson<AdminPage<MediaItem>>(`/api/admin/media?${params}`, { signal: controller.signal })
      .then(({ data }) => {
        setList(data);
        setListError('');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setListError(submitErrorMessage(error, 'The library could not be loaded.'));
      });
    return () => controller.abort();
  }, [query]);

  useEffect(() => {
    const controller = uploads.current;
    return () => controller.abort();
  }, []);

  /** The chosen image's own description fills the fields not typed in yet. */
  const choose = (item: MediaItem) => {
    setSelected(item);
    setDetails((d) => ({ alt: d.alt || item.alt, caption: d.caption || item.caption, credit: d.credit || item.credit }));
  };

  const start = (chosen: File) => {
    const preview = URL.createObjectURL(chosen);
    setSelected(undefined);
    setUpload({ name: chosen.name || 'Pasted image', preview, progress: 0 });
    uploadToLibrary(chosen, (progress) => setUpload((u) => u && { ...u, progress }), uploads.current.signal)
      .then((item) => {
        setUpload(undefined);
        choose(item);
        setList((l) => l && { ...l, items: [item, ...l.items.filter((i) => i.id !== item.id)], total: l.total + 1 });
      })
      .catch((error: unknown) => {
        if (uploads.current.signal.aborted) return;
        setUpload(
          (u) => u && { ...u, error: submitErrorMessage(error, error instanceof Error ? error.message : 'The image could not be uploaded.') },
        );
      })
      .finally(() => URL.revokeObjectURL(preview));
  };

  const startedWith = useRef(false);
  useEffect(() => {
    if (file && !startedWith.current) {
      startedWith.current = true;
      start(file);
    }
    // Only the file the picker opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

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

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const uploading = upload && !upload.error;
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
        <FormField id={`${id}-search`} label="Search the library" className="min-w-48 flex-1">
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="File name, alt text, caption or credit"
          />
        </FormField>
        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
          <ImageUp aria-hidden="true" /> Upload image
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label="Image file to upload"
          onChange={(e) => {
            takeFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>

      {upload && (
        <div className="bg-muted/40 flex items-center gap-3 rounded-md border p-3 text-sm" data-testid="media-upload">
          <img src={upload.preview} alt="" className="size-14 rounded object-cover" />
          <div className="grid flex-1 gap-1">
            <span className="font-medium break-all">{upload.name}</span>
            {upload.error ? (
              <p role="alert" className="text-destructive">
                {upload.error}
              </p>
            ) : (
              <>
                <progress
                  className="accent-primary h-2 w-full"
                  max={100}
                  value={Math.round(upload.progress * 100)}
                  aria-label={`Uploading ${upload.name}`}
                />
                <span className="text-muted-foreground" role="status">
                  {upload.progress < 1 ? `Uploading… ${Math.round(upload.progress * 100)}%` : 'Making the resized copies…'}
                </span>
              </>
            )}
          </div>
        </div>
      )}

      <div className="grid gap-2">
        {listError ? (
          <p role="alert" className="text-destructive text-sm">
            {listError}
          </p>
        ) : !list ? (
          <p className="text-muted-foreground text-sm" role="status">
            <LoaderCircle className="mr-1 inline size-4 animate-spin" aria-hidden="true" /> Loading the library…
          </p>
        ) : list.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {query.q ? 'No image matches the search.' : 'The library is empty: upload the first image.'}
          </p>
        ) : (
          <ul className="grid max-h-[40dvh] grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-5" aria-label="Images in the library">
            {list.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={selected?.id === item.id}
                  aria-label={`${item.filename}${item.alt ? `: ${item.alt}` : ''}, ${item.width}×${item.height}`}
                  onClick={() => choose(item)}
                  className={cn(
                    'bg-muted focus-visible:outline-ring block aspect-square w-full overflow-hidden rounded-md border-2 border-transparent focus-visible:outline-2',
                    selected?.id === item.id && 'border-primary',
                  )}
                >
                  <img src={item.variants[0]?.webp ?? item.url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {list && pages > 1 && (
          <nav aria-label="Library pages" className="flex items-center justify-between gap-2 text-sm">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={query.page <= 1}
              onClick={() => setQuery((c) => ({ ...c, page: c.page - 1 }))}
            >
              Previous
            </Button>
            <span className="text-muted-foreground">
              Page {query.page} of {list.totalAtLeast ? `${pages}+` : pages}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={query.page >= pages}
              onClick={() => setQuery((c) => ({ ...c, page: c.page + 1 }))}
            >
              Next
            </Button>
          </nav>
        )}
      </div>

      {(selected || uploading || (file && !upload)) && (
        <div className="grid gap-3 border-t pt-4 sm:grid-cols-[8rem_1fr]">
          {selected || upload ? (
            <img
              src={selected ? (selected.variants[0]?.webp ?? selected.url) : upload?.preview}
              alt=""
              className="bg-muted aspect-video w-full rounded object-cover sm:aspect-square"
            />
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
              <>
                <FormField id={`${id}-alt`} label="Alt text" error={altError}>
                  <Input
                    {...fieldProps(`${id}-alt`, altError)}
                    ref={altInput}
                    data-autofocus={file ? '' : undefined}
                    value={details.alt}
                    onChange={(e) => {
                      setDetails({ ...details, alt: e.target.value });
                      if (e.target.value.trim()) setAltError('');
                    }}
                    placeholder="What the image shows, for readers who cannot see it"
                    maxLength={300}
                  />
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField id={`${id}-caption`} label="Caption" optional>
                    <Input
                      id={`${id}-caption`}
                      value={details.caption}
                      onChange={(e) => setDetails({ ...details, caption: e.target.value })}
                      maxLength={500}
                    />
                  </FormField>
                  <FormField id={`${id}-credit`} label="Credit" optional>
                    <Input
                      id={`${id}-credit`}
                      value={details.credit}
                      onChange={(e) => setDetails({ ...details, credit: e.target.value })}
                      placeholder="Photo: …"
                      maxLength={200}
                    />
                  </FormField>
                </div>
              </>
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
