import type { BaseSyntheticEvent } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { sendJson } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import { useHeldSubmit } from '@/components/forms/use-held-submit';
import { useZodForm } from '@/components/forms/use-zod-form';
import { preloadToaster } from '@/components/ui/toast';

/** Where a reader's form goes and what it says after. */
export interface ReaderFormSend {
  /** Its fields' ids start with it (`comment-content`). */
  idPrefix: string;
  /** The endpoint the values are POSTed to as JSON. */
  url: string;
  /** The toast once the server took them. */
  sent: { title: string; description: string };
  /** The toast's text when the server gave no message of its own. */
  failed: string;
}

/**
 * A reader's form on a public page (a comment, a contact message): rendered whole on the
 * server and hydrated on first interaction (`client:interaction`), keeping what was typed, a
 * submit made before that sent once it has hydrated (`formRef`); validated with the
 * endpoint's schema, POSTed, then emptied and thanked for in a toast, or the server's
 * messages put on the fields. POST, so a submission that goes native never puts what was
 * typed in a URL. `ReaderForm` is the form on the page; its fields are the bound fields
 * (`TextField`, `SelectField`).
 */
export function useReaderForm<Input extends FieldValues, Output>(schema: z.core.$ZodType<Output, Input>, empty: Input, send: ReaderFormSend) {
  const form = useZodForm<Input, Output>(schema, empty, { adoptRendered: true, idPrefix: send.idPrefix });
  const formRef = useHeldSubmit();
  const submit = form.handleSubmit(async (values: Output) => {
    preloadToaster();
    try {
      await sendJson('POST', send.url, values);
      form.reset(empty);
      toast(send.sent);
    } catch (error) {
      form.reportError(error, send.failed);
    }
  });
  return { ...form, formRef, onSubmit: (e: BaseSyntheticEvent) => void submit(e) };
}
