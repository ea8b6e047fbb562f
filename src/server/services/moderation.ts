import { NotFoundError, messages } from '@/server/errors';
import { approveCommentById, deleteCommentById } from '@/server/queries/comments';
import { deleteContactMessageById, setContactMessageHandled } from '@/server/queries/contact-messages';

/** Approves a pending comment: readers see it from now on. */
export async function approveComment(id: number): Promise<void> {
  if (!(await approveCommentById(id))) throw new NotFoundError(messages.commentNotFound);
}

/** Deletes a comment for good. */
export async function deleteComment(id: number): Promise<void> {
  if (!(await deleteCommentById(id))) throw new NotFoundError(messages.commentNotFound);
}

/** Marks a contact message handled (or not). */
export async function setMessageHandled(id: number, handled: boolean): Promise<void> {
  if (!(await setContactMessageHandled(id, handled))) throw new NotFoundError(messages.messageNotFound);
}

/** Deletes a contact message for good. */
export async function deleteMessage(id: number): Promise<void> {
  if (!(await deleteContactMessageById(id))) throw new NotFoundError(messages.messageNotFound);
}
