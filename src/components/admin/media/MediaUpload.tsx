import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { IMAGE_TYPES } from '@/components/admin/media/upload-media';
import type { Upload } from '@/components/admin/media/use-media-upload';

/** "Upload image": opens the file picker (images only) and hands over the first file chosen. */
export function UploadButton({ onFile }: { onFile: (file: File) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
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
          const [first] = e.target.files ?? [];
          if (first) onFile(first);
          e.target.value = '';
        }}
      />
    </>
  );
}

/** The file going up: its preview and name, then its progress, or the server's refusal. */
export function UploadProgress({ upload }: { upload: Upload }) {
  const percent = Math.round(upload.progress * 100);
  return (
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
            <progress className="accent-primary h-2 w-full" max={100} value={percent} aria-label={`Uploading ${upload.name}`} />
            <span className="text-muted-foreground" role="status">
              {upload.progress < 1 ? `Uploading… ${percent}%` : 'Making the resized copies…'}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
