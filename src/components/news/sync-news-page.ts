import type { NewsFilter } from '@/lib/news-filter';

const ACTIVE = ['bg-muted', 'text-primary', 'font-semibold'];

/**
 * The news list changes its category without a reload: this keeps the rest of the page (the
 * heading, the title and the sidebar's current category, rendered by the server outside
 * the island) in step with it. It runs in the island's code, so the page ships no script
 * until the reader uses the list.
 */
export function syncNewsPage({ category }: NewsFilter): void {
  let heading = 'Energy News';
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-category]')) {
    const active = link.dataset['category'] === category;
    if (active) heading = link.dataset['heading'] ?? heading;
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    for (const name of ACTIVE) link.classList.toggle(name, active);
  }
  const h1 = document.querySelector('[data-news-heading]');
  if (h1 && h1.textContent !== heading) {
    h1.textContent = heading;
    document.title = document.title.replace(/^[^|]*/, `${heading} `);
  }
}
