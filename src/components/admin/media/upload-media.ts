import { ApiError } from '@/lib/api-client';
import type { ApiErrorBody } from '@/lib/wire/common';
import type { MediaItem } from '@/lib/wire/media';

/** The formats the library takes (the server decides by content; this only filters the file picker). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/** The image files among dropped or pasted data (anything else, such as text, is left to the editor). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files].filter((file) => file.type.startsWith('image/')) : [];
}

/**
 * Uploads a file to the media library, reporting progress (0 to 1) as it is sent. Fails with
 * an ApiError carrying the server's message (415 not an image it takes, 413 too large, …).
 */
export function uploadToLibrary(file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/media');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) resolve(body as MediaItem);
      else reject(new ApiError(request.status, request.responseText || request.statusText, body as ApiErrorBody | undefined));
    });
    request.addEventListener('error', () => reject(new Error('The upload failed: check your connection and try again.')));
    request.addEventListener('abort', () => reject(new DOMException('The upload was canceled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.set('file', file, file.name || 'pasted-image');
    request.send(form);
  });
}
