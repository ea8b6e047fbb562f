import { map } from 'nanostores';
import type { NewsFilter } from '@/lib/news-filter';

/** The news page's filter: the selected category slug ('all' by default) and the search text. */
export const $newsFilter = map<NewsFilter>({ category: 'all', search: '' });
