import * as z from '@/lib/validation/zod-mini';
import { isSitePath } from '@/lib/validation/article';
import { slugSchema } from '@/lib/validation/article-list-query';
import { oneLine } from '@/lib/validation/text';

/** An http(s) address with a host. */
const isHttpUrl = (value: string) => {
  if (!/^https?:\/\/[^/\\\s]/i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A link on the author's page: a label and an http(s) address. */
export const authorLinkSchema = z.object({
  label: z.string({ error: 'Required' }).check(z.trim(), z.minLength(1, 'Link label is required'), z.maxLength(60), oneLine('Link label')),
  url: z
    .string({ error: 'Required' })
    .check(z.trim(), z.maxLength(2000), z.refine(isHttpUrl, 'Links must be http(s) addresses, such as https://example.com')),
});

/**
 * The author's photo: an https address or a path on this site (the site's CSP loads images
 * from those only); empty means none.
 */
const photoUrlSchema = z.pipe(
  z.string({ error: 'Must be text' }).check(
    z.trim(),
    z.maxLength(2000),
    z.refine((v) => v === '' || isSitePath(v) || (/^https:/i.test(v) && isHttpUrl(v)), 'Please enter an https:// address or a path on this site'),
  ),
  z.transform((v) => (v === '' ? null : v)),
);

const fields = z.object({
  /** The byline name; unique in the newsroom. */
  name: z.string({ error: 'Required' }).check(z.trim(), z.minLength(2, 'Name must be at least 2 characters'), z.maxLength(200), oneLine('Name')),
  /** The author page's address: /author/{slug}. */
  slug: slugSchema,
  /** A job title ("Senior Oil & Gas Reporter"). */
  title: z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(200), oneLine('Title')),
  /** A short bio, plain text. */
  bio: z.string({ error: 'Must be text' }).check(z.trim(), z.maxLength(2000, 'Bio is at most 2,000 characters')),
  photoUrl: z.nullish(photoUrlSchema),
  /** Up to eight links (a website, a social profile). */
  links: z.array(authorLinkSchema, { error: 'Links must be a list of {label, url}' }).check(z.maxLength(8, 'At most 8 links')),
});

/** The author form and `POST /api/admin/authors`: name and slug required. */
export const authorCreateSchema = z.extend(fields, {
  title: z._default(fields.shape.title, ''),
  bio: z._default(fields.shape.bio, ''),
  links: z._default(fields.shape.links, []),
});

/** `PATCH /api/admin/authors/{id}`: only the fields sent change. */
export const authorUpdateSchema = z.partial(fields);

export type AuthorCreateInput = z.input<typeof authorCreateSchema>;
export type AuthorCreate = z.output<typeof authorCreateSchema>;
export type AuthorUpdate = z.output<typeof authorUpdateSchema>;

/** One link per line in the author form: "Label | https://address". */
export function linksToText(links: readonly { label: string; url: string }[]): string {
  return links.map((l) => `${l.label} | ${l.url}`).join('\n');
}

/** The panel's author form: the links typed one per line ("Label | https://address"), turned into the list the endpoint takes. */
export const authorFormSchema = z.extend(authorCreateSchema, {
  photoUrl: z.string(),
  links: z.pipe(
    z.string(),
    z.transform((text, payload) => {
      const lines = text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      const links = lines.map((line) => {
        const bar = line.lastIndexOf('|');
        return bar < 0 ? { label: '', url: line } : { label: line.slice(0, bar).trim(), url: line.slice(bar + 1).trim() };
      });
      const result = z.safeParse(fields.shape.links, links);
      if (result.success) return result.data;
      const message = result.error.issues[0]?.message ?? 'Please check the links';
      payload.issues.push({ code: 'custom', message: `${message} (one per line: Label | https://address)`, input: text });
      return z.NEVER;
    }),
  ),
});

export type AuthorFormInput = z.input<typeof authorFormSchema>;
