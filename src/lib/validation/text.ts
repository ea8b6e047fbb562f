import { z } from 'zod';

/** A required text field: 'Required' when missing, 'Must be text' for another type. */
export function requiredText() {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') });
}

/** An e-mail address: one message for every way it can be wrong; 254 characters is the longest valid address. */
export const emailSchema = requiredText().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address'));

/** Counts links (URLs and www. addresses) in visitor text. */
export function countLinks(text: string): number {
  return (text.match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? []).length;
}

/**
 * The honeypot: a field people never see or fill. Bots that fill it are answered as if
 * they succeeded, and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';
