import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '@/server/auth/guard';
import { PUBLIC_BODY_LIMIT, handle, idParam, json, parseBody, readJsonBody } from '@/server/http';
import { deleteMessage, setMessageHandled } from '@/server/services/moderation';

const NOT_FOUND = 'Message not found';
const messageUpdateSchema = z.object({ handled: z.boolean({ error: 'Must be true or false' }) });

/** PATCH /api/admin/messages/{id} with {handled}: marks the message handled or not. */
export const PATCH: APIRoute = handle(async (context) => {
  requireAdmin(context);
  const id = idParam(context.params.id, NOT_FOUND);
  const { handled } = parseBody(messageUpdateSchema, await readJsonBody(context.request, PUBLIC_BODY_LIMIT));
  await setMessageHandled(id, handled);
  return json({ handled });
});

/** DELETE /api/admin/messages/{id} */
export const DELETE: APIRoute = handle(async (context) => {
  requireAdmin(context);
  await deleteMessage(idParam(context.params.id, NOT_FOUND));
  return new Response(null, { status: 204 });
});
