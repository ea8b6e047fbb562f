import { useEffect, useRef, useState } from 'react';
import { submitErrorMessage } from '@/lib/submit-error';
import type { MediaItem } from '@/lib/wire/media';
import { uploadToLibrary } from '@/components/admin/media/upload-media';

/** A file going up to the library: its name, a local preview, the share sent (0 to 1), and the refusal if it failed. */
export interface Upload {
  name: string;
  preview: string;
  progress: number;
  error?: string;
}

/**
 * One upload at a time to the media library, with its progress and the server's refusal;
 * `file` (dropped or pasted elsewhere) starts at once. Uploads still under way when the
 * picker closes are canceled.
 */
export function useMediaUpload({
  file,
  onStart,
  onUploaded,
}: {
  file: File | undefined;
  onStart: () => void;
  onUploaded: (item: MediaItem) => void;
}) {
  const [upload, setUpload] = useState<Upload | undefined>(undefined);
  const uploads = useRef(new AbortController());
  useEffect(() => {
    const controller = uploads.current;
    return () => controller.abort();
  }, []);

  const start = (chosen: File) => {
    const preview = URL.createObjectURL(chosen);
    onStart();
    setUpload({ name: chosen.name || 'Pasted image', preview, progress: 0 });
    uploadToLibrary(chosen, (progress) => setUpload((u) => u && { ...u, progress }), uploads.current.signal)
      .then((item) => {
        setUpload(undefined);
        onUploaded(item);
      })
      .catch((error: unknown) => {
        if (uploads.current.signal.aborted) return;
        const message = submitErrorMessage(error, error instanceof Error ? error.message : 'The image could not be uploaded.');
        setUpload((u) => u && { ...u, error: message });
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

  return { upload, start, uploading: upload !== undefined && upload.error === undefined };
}
