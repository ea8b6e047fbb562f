import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { articles } from './articles.ts';
import { ownedBy } from './columns.ts';

/**
 * The data each article cites, as its body's references say it (`src/lib/data-refs.ts`),
 * written in the same transaction as the article's save: a figure (a market series' period and
 * the value the story states) or a chart block (its kind and key, and for a market chart each
 * series it compares, one row each). Derived from the body, never edited on its own. Read by
 * the data they cite: "which stories cite series X" and "which cite figure (X, period), with
 * what value" are one range of `article_citations_data_idx`, which holds the article's id and
 * the value too, so the articles' visibility is then checked by key. (A figure is the only row
 * with a period.)
 */
export const articleCitations = sqliteTable(
  'article_citations',
  {
    articleId: ownedBy('article_id', () => articles.id),
    /** The reference's place among the body's references, from 0. */
    position: integer('position').notNull(),
    element: text('element', { enum: ['figure', 'chart'] }).notNull(),
    /** The catalog the data is in, as the chart addresses name it: `markets`, `grid`, `states`, `reports`. */
    kind: text('kind', { enum: ['markets', 'grid', 'states', 'reports'] }).notNull(),
    /** The series slug, region code, state code or report kind. */
    key: text('key').notNull(),
    /** A figure's period (YYYY-MM-DD); null for a chart. */
    period: text('period'),
    /** The figure's value as the story states it (what it published); null for a chart. */
    valueAsPublished: real('value_as_published'),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.position, table.kind, table.key] }),
    index('article_citations_data_idx').on(table.kind, table.key, table.period, table.articleId, table.valueAsPublished),
  ],
);
