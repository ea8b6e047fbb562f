import fc from 'fast-check';
import * as z from 'zod/mini';

/** What JSON Schema says of one field of a zod object schema (the parts the generators read). */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

/** Longest text a generated field gets (besides its exact maximum), so bodies stay under the write limit. */
const TEXT_CAP = 300;

/**
 * The fields of a zod object schema as JSON Schema describes them: its required keys, and per
 * field what the input takes (lengths) joined with what the output checks (e-mail format and
 * pattern), so a generator built on them aims at what the schema accepts.
 */
export function objectFields(schema: z.core.$ZodType): { fields: Record<string, FieldSchema>; required: string[] } {
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, FieldSchema>; required?: string[] };
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as { properties?: Record<string, FieldSchema> };
  const fields = Object.fromEntries(Object.entries(input.properties ?? {}).map(([key, field]) => [key, { ...field, ...output.properties?.[key] }]));
  return { fields, required: input.required ?? [] };
}

/**
 * Values a field's schema describes as valid, with its edges: the shortest and longest text,
 * and text one character too long. Refinements JSON Schema cannot say (a count of links, the
 * text after trimming) are left to the schema itself, which a test keeps as its oracle.
 */
export function fieldValue(field: FieldSchema): fc.Arbitrary<unknown> {
  if (field.enum) return fc.constantFrom(...field.enum);
  if (field.type !== 'string') return fc.anything();
  const minLength = field.minLength ?? 0;
  const maxLength = Math.min(field.maxLength ?? TEXT_CAP, TEXT_CAP);
  if (field.format === 'email') {
    // The schema's own pattern, mostly; fast-check's addresses (RFC 5322, many of which the pattern refuses) now and then.
    const emails = field.pattern
      ? fc.oneof({ weight: 4, arbitrary: fc.stringMatching(new RegExp(field.pattern)) }, { weight: 1, arbitrary: fc.emailAddress() })
      : fc.emailAddress();
    return emails.filter((email) => email.length <= (field.maxLength ?? Infinity));
  }
  const edges = [minLength, field.maxLength ?? TEXT_CAP, (field.maxLength ?? TEXT_CAP) + 1].map((n) => 'x'.repeat(n));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}
