import * as z from '@/lib/validation/zod-mini';

/** The e-mail message of the public forms; 254 characters is the longest valid address. */
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** A required text field: 'Required' when missing, 'Must be text' for another type. */
export function requiredText() {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Must be text') });
}

/** A required, trimmed text field between `min` and `max` characters, with the form's messages. */
export function trimmedText(label: string, min: number, max: number) {
  return requiredText().check(
    z.trim(),
    z.minLength(min, `${label} must be at least ${min} characters`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
}

/**
 * What no one-line field may hold: line breaks (CR, LF, Unicode's line and paragraph
 * separators), every other control character (C0, DEL, C1) and the invisible controls that
 * turn the direction of text (embeddings, overrides, isolates). They would reach plain-text
 * mail, headers, feeds and lists as extra lines or reordered text. Marks (LRM, RLM) and
 * joiners stay: names in many scripts need them.
 */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The check of a one-line field (a name, a subject, a title): nothing `NOT_ONE_LINE` finds. */
export function oneLine(label: string) {
  return z.refine<string>((value) => !NOT_ONE_LINE.test(value), `${label} must be a single line of text`);
}

/** A required, trimmed one-line text field between `min` and `max` characters. */
export function oneLineText(label: string, min: number, max: number) {
  return trimmedText(label, min, max).check(oneLine(label));
}

/** An optional one-line text field, trimmed: empty when absent, at most `max` characters (`tooLong` says so). */
export function optionalLine(label: string, max: number, tooLong: string) {
  return z._default(z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(max, tooLong), oneLine(label)), '');
}

/** A required e-mail address, trimmed. */
export const emailSchema = z.pipe(requiredText().check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)), z.email(EMAIL_MESSAGE));

/** Counts links (URLs and www. addresses) in visitor text. */
export function countLinks(text: string): number {
  return (text.match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? []).length;
}

/**
 * The honeypot: a field people never see or fill. Bots that fill it are answered as if
 * they succeeded, and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';

/** The honeypot's schema: empty for people. */
export const honeypotSchema = z.optional(z.string().check(z.maxLength(500)));
