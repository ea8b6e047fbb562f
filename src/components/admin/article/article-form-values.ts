import type { AdminArticle, Category } from '@/lib/types';
import type { ArticleCreateInput } from '@/lib/validation/article';

/** "Henry Hub Climbs!" → "henry-hub-climbs" */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** A datetime-local value in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The article form's values: the article's own, or an empty published article in the first category. */
export function articleFormValues(article: AdminArticle | undefined, categories: Category[]): ArticleCreateInput {
  return article
    ? {
        title: article.title,
        slug: article.slug,
        excerpt: article.excerpt,
        content: article.content,
        imageUrl: article.imageUrl ?? '',
        author: article.author,
        categoryId: article.categoryId,
        featured: article.featured,
        status: article.status,
        publishedAt: toLocalInput(article.publishedAt),
      }
    : {
        title: '',
        slug: '',
        excerpt: '',
        content: '',
        imageUrl: '',
        author: '',
        categoryId: categories[0]?.id ?? 0,
        featured: false,
        status: 'published',
        publishedAt: '',
      };
}
