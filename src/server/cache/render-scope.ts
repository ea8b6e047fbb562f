import { AsyncLocalStorage } from 'node:async_hooks';
import { tag } from '@/server/cache/tags';

/** What a page being rendered has shown so far: its tags, and the earliest moment it stops being current. */
export interface RenderScope {
  tags: Set<string>;
  validUntil: number | undefined;
}

const scopes = new AsyncLocalStorage<RenderScope>();

/** Renders `fn` in a fresh scope, answering its result and what it showed. */
export async function withRenderScope<T>(fn: () => Promise<T>): Promise<{ result: T; scope: RenderScope }> {
  const scope: RenderScope = { tags: new Set(), validUntil: undefined };
  const result = await scopes.run(scope, fn);
  return { result, scope };
}

/** Notes that the page being rendered shows what these tags name (a no-op outside a page render). */
export function showsTags(...tags: string[]): void {
  const scope = scopes.getStore();
  if (scope) for (const t of tags) scope.tags.add(t);
}

/** Notes the articles a page shows: each article and its author's byline. */
export function showsArticles(articles: Iterable<{ id: number; authorSlug?: string | null }>): void {
  const scope = scopes.getStore();
  if (!scope) return;
  for (const article of articles) {
    scope.tags.add(tag.article(article.id));
    if (article.authorSlug) scope.tags.add(tag.author(article.authorSlug));
  }
}

/** Notes the articles a page shows by their headline only (address, title, topic, date, image): no byline, no excerpt. */
export function showsHeadlines(articles: Iterable<{ id: number }>): void {
  showsTags(...Array.from(articles, (article) => tag.headline(article.id)));
}

/** Notes that the page stops being current at `at` (a release falls due, a figure turns stale), whatever changes. */
export function validUntil(at: Date | number): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const ms = typeof at === 'number' ? at : at.getTime();
  if (Number.isFinite(ms)) scope.validUntil = scope.validUntil === undefined ? ms : Math.min(scope.validUntil, ms);
}
