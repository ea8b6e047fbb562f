import { articleNoteSchema } from '@/lib/validation/staff';
import { adminCreateFor, adminRead } from '@/server/admin-routes';
import { messages } from '@/server/errors';
import { PUBLIC_BODY_LIMIT, endpoint } from '@/server/http';
import { addNote, listNotes } from '@/server/services/articles/review';

export const { GET, POST, ALL } = endpoint({
  /** GET /api/admin/articles/{id}/notes: the article's editorial notes, newest first (staff who may edit it). */
  GET: adminRead(messages.articleNotFound, listNotes),
  /** POST /api/admin/articles/{id}/notes `{body}`: adds a note; 201 with it. */
  POST: adminCreateFor(messages.articleNotFound, articleNoteSchema, PUBLIC_BODY_LIMIT, (id, input, user) => addNote(id, input.body, user)),
});
