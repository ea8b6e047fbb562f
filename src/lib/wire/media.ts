// What the API answers about the media library.
import * as z from '@/lib/validation/zod-mini';
import { about, isoDateTime, recordId, namedObject } from '@/lib/wire/common';

/** An image of the media library, with the addresses of its files. */
export const mediaItemSchema = namedObject('MediaItem', 'An image of the media library, with the addresses of its files.', {
  id: recordId,
  filename: z.string(),
  format: z.enum(['jpeg', 'png', 'webp', 'avif']),
  width: z.int(),
  height: z.int(),
  bytes: z.int(),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  createdAt: isoDateTime,
  /** The original (re-encoded, without metadata), full size. */
  url: about(z.string(), 'The original (re-encoded, without metadata), full size.'),
  /** Resized copies, narrowest first, for `srcset`. */
  variants: about(z.array(z.object({ width: z.int(), avif: z.string(), webp: z.string() })), 'Resized copies, narrowest first, for `srcset`.'),
});
export type MediaItem = z.output<typeof mediaItemSchema>;
