import * as z from '@/lib/validation/zod-mini';
import { ARTICLE_FIELD_NAMES, ARTICLE_FIELDS, type ArticleFieldName } from '@/lib/validation/article';

/** The longest text a rule accepts (its `maxLength`, looking through optional, nullable, default and pipe). */
function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  const inner = def.innerType ?? def.in;
  if (inner) return maxLengthOf(inner);
  const max = (def.checks ?? []).map((c) => c._zod.def as { check: string; maximum?: number }).find((c) => c.check === 'max_length');
  return max?.maximum;
}

/** An autosave keeps at least this much text of a field, so a draft a little past a short field's limit is still kept. */
const DRAFT_TEXT_MIN = 200;

/**
 * What an autosave keeps of a field: a form's value as it stands, unfinished or not, of the
 * field's kind (text up to the field's length, a number or its text, a true/false, a choice).
 */
function draftOf(name: ArticleFieldName) {
  const { rule, stored } = ARTICLE_FIELDS[name];
  const kind = stored._zod.def.type;
  if (kind === 'boolean' || kind === 'enum') return z.optional(stored);
  if (kind === 'number') return z.optional(z.union([z.number(), z.string().check(z.maxLength(20))]));
  return z.optional(z.string({ error: 'Must be text' }).check(z.maxLength(Math.max(maxLengthOf(rule) ?? 0, DRAFT_TEXT_MIN))));
}

/**
 * `PUT /api/admin/autosaves/{key}`: the open editor's form as it is, unfinished fields and
 * all (nothing here is published; the full checks run when the article is saved).
 */
export const articleAutosaveSchema = z.object({
  values: z.object(
    Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, draftOf(name)])) as Record<ArticleFieldName, ReturnType<typeof draftOf>>,
  ),
  /** The article's `updatedAt` the editor started from; absent for a new article. */
  baseUpdatedAt: z.optional(z.nullable(z.iso.datetime({ error: 'Must be an ISO date and time' }))),
});
export type ArticleAutosaveInput = z.output<typeof articleAutosaveSchema>;

/** `POST /api/admin/articles/{id}/revisions/{revisionId}/restore`: the version the editor has open, if any. */
export const revisionRestoreSchema = z.object({
  expectedUpdatedAt: z.optional(z.iso.datetime({ error: 'Must be an ISO date and time' })),
});
