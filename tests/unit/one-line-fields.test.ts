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

const oneLine: Record<string, Case> = {
  'contact name': { schema: contactCreateSchema, base: contact, path: ['name'], message: 'Name must be a single line of text' },
  'contact subject': { schema: contactCreateSchema, base: contact, path: ['subject'], message: 'Subject must be a single line of text' },
  'contact company': { schema: contactCreateSchema, base: contact, path: ['company'], message: 'Company must be a single line of text' },
  'commenter name': { schema: commentCreateSchema, base: comment, path: ['authorName'], message: 'Name must be a single line of text' },
  'article title': { schema: articleCreateSchema, base: article, path: ['title'], message: 'Title must be a single line of text' },
  'article byline': { schema: articleCreateSchema, base: article, path: ['author'], message: 'Author must be a single line of text' },
  'article meta title': { schema: articleCreateSchema, base: article, path: ['metaTitle'], message: 'Meta title must be a single line of text' },
  'lead image alt text': { schema: articleCreateSchema, base: article, path: ['imageAlt'], message: 'Alt text must be a single line of text' },
  'lead image caption': { schema: articleCreateSchema, base: article, path: ['imageCaption'], message: 'Caption must be a single line of text' },
  'lead image credit': { schema: articleCreateSchema, base: article, path: ['imageCredit'], message: 'Credit must be a single line of text' },
  'article slug': {
    schema: articleCreateSchema,
    base: article,
    path: ['slug'],
    message: 'Use lowercase letters, numbers and hyphens',
    valid: 'one-line',
  },
  'author name': { schema: authorCreateSchema, base: author, path: ['name'], message: 'Name must be a single line of text' },
  'author job title': { schema: authorCreateSchema, base: author, path: ['title'], message: 'Title must be a single line of text' },
  'author link label': { schema: authorCreateSchema, base: author, path: ['links', 0, 'label'], message: 'Link label must be a single line of text' },
  'author slug': {
    schema: authorCreateSchema,
    base: author,
    path: ['slug'],
    message: 'Use lowercase letters, numbers and hyphens',
    valid: 'one-line',
  },
  'calendar event title': { schema: calendarEventSchema, base: event, path: ['title'], message: 'Title must be a single line of text' },
  'calendar event location': { schema: calendarEventSchema, base: event, path: ['location'], message: 'Location must be a single line of text' },
  'analysis title': {
    schema: analyticsContentCreateSchema,
    base: { title: 'Q3', content: 'Text' },
    path: ['title'],
    message: 'Title must be a single line of text',
  },
  'image alt text': { schema: mediaDetailsSchema, base: {}, path: ['alt'], message: 'Alt text must be a single line of text' },
  'image caption': { schema: mediaDetailsSchema, base: {}, path: ['caption'], message: 'Caption must be a single line of text' },
  'image credit': { schema: mediaDetailsSchema, base: {}, path: ['credit'], message: 'Credit must be a single line of text' },
  'release change note': { schema: releaseChangeSchema, base: {}, path: ['note'], message: 'Note must be a single line of text' },
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
