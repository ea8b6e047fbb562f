import { mediaDetailsSchema, mediaListSchema } from '@/lib/validation/media';
import { adminList } from '@/server/admin-routes';
import { requireStaff } from '@/server/auth/guard';
import { appConfig } from '@/server/config';
import { ValidationError, messages } from '@/server/errors';
import { endpoint, json, parseBody, readFormData } from '@/server/http';
import { listMediaForAdmin, uploadMedia } from '@/server/services/media/library';

/** Room for the multipart form around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/media: a page of 50 images, newest first; `q` searches file name, alt text, caption and credit. */
  GET: adminList(mediaListSchema, listMediaForAdmin),
  /**
   * POST /api/admin/media (multipart/form-data): `file` (JPEG, PNG, WebP or AVIF, at most
   * MEDIA_MAX_MB), optional `alt`, `caption`, `credit`. Answers 201 with the stored image.
   */
  POST: async (context) => {
    const user = requireStaff(context);
    const maxBytes = appConfig().mediaMaxBytes;
    const form = await readFormData(context.request, maxBytes + FORM_OVERHEAD_BYTES, messages.imageTooLarge(Math.round(maxBytes / 1024 / 1024)));
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) throw new ValidationError({ file: [messages.imageRequired] }, messages.imageRequired);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const details = parseBody(mediaDetailsSchema, { alt: text('alt'), caption: text('caption'), credit: text('credit') });
    const item = await uploadMedia(Buffer.from(await file.arrayBuffer()), file.name, details, user);
    return json(item, { status: 201 });
  },
});
