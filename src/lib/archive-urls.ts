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

/**
 * The links of page `page` of `pageCount` of an archive whose page N is at `urlOf(N)`: its
 * canonical address, and the pages before and after it where there are.
 */
export function archiveLinks(urlOf: (page: number) => string, page: number, pageCount: number) {
  return { canonicalPath: urlOf(page), prevPath: page > 1 ? urlOf(page - 1) : undefined, nextPath: page < pageCount ? urlOf(page + 1) : undefined };
}

/** The corrections page: every correction of a public article, newest first. */
export const CORRECTIONS_PATH = '/corrections';

/** A page of the corrections page's archive. */
export function correctionsUrl(page = 1): string {
  return archivePage(CORRECTIONS_PATH, page);
}
