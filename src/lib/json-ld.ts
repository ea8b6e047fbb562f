/** A step of a breadcrumb trail: its name and path on the site. */
export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList for a trail of pages, with absolute addresses. */
export function breadcrumbList(trail: readonly Crumb[], site: URL): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, site).href,
    })),
  };
}

/** The BreadcrumbList of a page under News (a topic, an author, an article): News first, then `trail`. */
export function newsBreadcrumbs(trail: readonly Crumb[], site: URL): Record<string, unknown> {
  return breadcrumbList([{ name: 'News', path: '/news' }, ...trail], site);
}
