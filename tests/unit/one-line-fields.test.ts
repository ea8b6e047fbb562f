import { describe, expect, it } from 'vitest';
import * as z from '@/lib/validation/zod-mini';
import { analyticsContentCreateSchema } from '@/lib/validation/analytics-content';
import { articleCreateSchema } from '@/lib/validation/article';
import { authorCreateSchema } from '@/lib/validation/author';
import { calendarEventSchema } from '@/lib/validation/calendar-event';
import { categoryUpdateSchema } from '@/lib/validation/category';
import { commentCreateSchema } from '@/lib/validation/comment';
import { contactCreateSchema } from '@/lib/validation/contact';
import { mediaDetailsSchema } from '@/lib/validation/media';
import { releaseChangeSchema } from '@/lib/validation/release-change';

// Every field a form shows as one line (an <input>, not a <textarea>) refuses line breaks and
// other control characters: they would reach plain-text mail, headers, feeds and the admin's
// lists as extra lines. Fields typed in a text area keep their line breaks.

const contact = {
  name: 'Sam Carter',
  email: 'sam@example.com',
  subject: 'Data partnership',
  category: 'business',
  message: 'We would like to talk.',
};
const comment = { authorName: 'Maria Lopez', authorEmail: 'maria@example.com', content: 'Battery fleets changed the evening ramp.' };
const article = {
  title: 'Gas prices fall',
  slug: 'gas-prices-fall',
  excerpt: 'Prices fell.',
  content: '<p>Prices fell.</p>',
  author: 'Jane Roe',
  categoryId: 1,
};
const author = { name: 'Jane Roe', slug: 'jane-roe', links: [{ label: 'Website', url: 'https://example.com' }] };
const event = { title: 'OPEC+ meeting', kind: 'opec', startsAt: '2026-12-03T09:00' };

interface Case {
  schema: z.core.$ZodType;
  base: Record<string, unknown>;
  /** The field, or a path into the input (an author's first link label). */
  path: (string | number)[];
  message: string;
  /** A valid value (one line of text by default). */
  valid?: string;
}

const withValue = (base: Record<string, unknown>, path: (string | number)[], value: string): Record<string, unknown> => {
  const copy = structuredClone(base);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1) ?? ''] = value;
  return copy;
};

/** A one-line field and the label its message names. */
const line = (schema: z.core.$ZodType, base: Record<string, unknown>, path: Case['path'], label: string): Case => ({
  schema,
  base,
  path,
  message: `${label} must be a single line of text`,
});
/** A slug: its pattern already takes nothing but letters, digits and hyphens. */
const slug = (schema: z.core.$ZodType, base: Record<string, unknown>): Case => ({
  schema,
  base,
  path: ['slug'],
  message: 'Use lowercase letters, numbers and hyphens',
  valid: 'one-line',
});

const oneLine: Record<string, Case> = {
  'contact name': line(contactCreateSchema, contact, ['name'], 'Name'),
  'contact subject': line(contactCreateSchema, contact, ['subject'], 'Subject'),
  'contact company': line(contactCreateSchema, contact, ['company'], 'Company'),
  'commenter name': line(commentCreateSchema, comment, ['authorName'], 'Name'),
  'article title': line(articleCreateSchema, article, ['title'], 'Title'),
  'article byline': line(articleCreateSchema, article, ['author'], 'Author'),
  'article meta title': line(articleCreateSchema, article, ['metaTitle'], 'Meta title'),
  'lead image alt text': line(articleCreateSchema, article, ['imageAlt'], 'Alt text'),
  'lead image caption': line(articleCreateSchema, article, ['imageCaption'], 'Caption'),
  'lead image credit': line(articleCreateSchema, article, ['imageCredit'], 'Credit'),
  'article slug': slug(articleCreateSchema, article),
  'author name': line(authorCreateSchema, author, ['name'], 'Name'),
  'author job title': line(authorCreateSchema, author, ['title'], 'Title'),
  'author link label': line(authorCreateSchema, author, ['links', 0, 'label'], 'Link label'),
  'author slug': slug(authorCreateSchema, author),
  'calendar event title': line(calendarEventSchema, event, ['title'], 'Title'),
  'calendar event location': line(calendarEventSchema, event, ['location'], 'Location'),
  'analysis title': line(analyticsContentCreateSchema, { title: 'Q3', content: 'Text' }, ['title'], 'Title'),
  'image alt text': line(mediaDetailsSchema, {}, ['alt'], 'Alt text'),
  'image caption': line(mediaDetailsSchema, {}, ['caption'], 'Caption'),
  'image credit': line(mediaDetailsSchema, {}, ['credit'], 'Credit'),
  'release change note': line(releaseChangeSchema, {}, ['note'], 'Note'),
};

/** A line feed, a carriage return, Unicode's line and paragraph separators, a NUL, a bell, a C1 control, a right-to-left override. */
const BREAKERS = ['\n', '\r', '\u2028', '\u2029', '\u0000', '\u0007', '\u0085', '\u202e'];

describe('one-line fields', () => {
  for (const [name, { schema, base, path, message, valid = 'One line of text' }] of Object.entries(oneLine)) {
    it(`${name}: refuses line breaks and control characters with the field's message, takes one line`, () => {
      expect(z.safeParse(schema, withValue(base, path, valid)).success).toBe(true);
      for (const breaker of BREAKERS) {
        const result = z.safeParse(schema, withValue(base, path, `${valid.slice(0, 3)}${breaker}${valid.slice(3)}`));
        expect(result.success, JSON.stringify(breaker)).toBe(false);
        const issue = result.error?.issues.find((i) => JSON.stringify(i.path) === JSON.stringify(path));
        expect(issue?.message, JSON.stringify(breaker)).toBe(message);
      }
    });
  }

  it('keep letters of every script, right-to-left marks and joiners (names are not ASCII)', () => {
    for (const name of ['José Núñez', 'Zoë O’Brien', 'محمد\u200fعلي', 'می\u200cخواهم', '李小龍', 'Anna-Lena 👩\u200d💻']) {
      expect(z.safeParse(contactCreateSchema, { ...contact, name }).success, name).toBe(true);
    }
  });

  it('leave line breaks to the fields typed in a text area', () => {
    const lines = 'First line.\nSecond line.';
    expect(z.safeParse(contactCreateSchema, { ...contact, message: lines }).success).toBe(true);
    expect(z.safeParse(commentCreateSchema, { ...comment, content: `${lines} And more words.` }).success).toBe(true);
    expect(z.safeParse(articleCreateSchema, { ...article, excerpt: lines, metaDescription: lines }).success).toBe(true);
    expect(z.safeParse(authorCreateSchema, { ...author, bio: lines }).success).toBe(true);
    expect(z.safeParse(categoryUpdateSchema, { description: lines }).success).toBe(true);
    expect(z.safeParse(analyticsContentCreateSchema, { title: 'Q3', content: lines }).success).toBe(true);
  });
});
