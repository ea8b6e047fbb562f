// The media calls: the image library.
// Part of the API document, beside the services its routes call: src/server/openapi.ts assembles
// every domain's part (see docs/contributing.md, "Add an API call").
import * as z from '@/lib/validation/zod-mini';
import { mediaDetailsSchema, mediaListSchema } from '@/lib/validation/media';
import { mediaItemSchema } from '@/lib/wire/media';
import { TAG, ok, staff, adminRecords, mergePaths, PER_PAGE } from '@/server/api-operations';

export const mediaPaths = mergePaths(
  adminRecords(
    '/api/admin/media',
    { tag: TAG.adminData, noun: 'image', shape: mediaItemSchema },
    {
      list: {
        operationId: 'listMedia',
        summary: `Images of the media library, newest first, ${PER_PAGE}`,
        items: 'images',
        query: mediaListSchema,
        about: { q: 'File name, alt text, caption or credit.' },
      },
      read: { operationId: 'getMedia', summary: 'One image with its files' },
      update: { operationId: 'describeMedia', summary: 'Change an image’s alt text, caption or credit', body: mediaDetailsSchema },
      remove: { operationId: 'deleteMedia', summary: 'Delete an image and its files' },
    },
  ),
  {
    '/api/admin/media': {
      post: staff(TAG.adminData, {
        operationId: 'uploadMedia',
        summary: 'Upload an image (JPEG, PNG, WebP or AVIF, at most MEDIA_MAX_MB)',
        description: 'The content decides the format; the original is encoded again without metadata, with AVIF and WebP copies for `srcset`.',
        form: z.extend(mediaDetailsSchema, { file: z.file() }),
        responses: {
          '201': ok('The stored image.', mediaItemSchema),
          '400': 'No file, or an unreadable image.',
          '413': 'The file or its pixels are too large.',
          '415': 'Not an image of the four formats.',
        },
      }),
    },
  },
);
