/** A page of an archive at `path`: the path itself for the first page, `?page=N` after it. */
function archivePage(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The topic page of a category (and a page of its archive). */
export function topicUrl(slug: string, page = 1): string {
  return archivePage(`/category/${slug}`, page);
}

/** The author page (and a page of the author's archive). */
export function authorUrl(slug: string, page = 1): string {
  return archivePage(`/author/${slug}`, page);
}

/** The corrections page: every correction of a public article, newest first. */
export const CORRECTIONS_PATH = '/corrections';

/** A page of the corrections page's archive. */
export function correctionsUrl(page = 1): string {
  return archivePage(CORRECTIONS_PATH, page);
}
