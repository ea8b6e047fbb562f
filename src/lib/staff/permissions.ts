// What each staff role may do, written once: the server checks every admin call against it
// (src/server/auth/route-permissions.ts maps each call to one capability), the panel shows
// only the tabs and buttons it allows, and the matrix test walks it.

/** Staff roles, most powerful first (the database's list: db/schema/auth.ts). */
export const ROLES = ['owner', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', author: 'Author', contributor: 'Contributor' };

/** What a role is for, as the staff screen says it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including staff, Zoho, mail settings and the audit log.',
  editor: 'Every article, topics, authors, analytics, comments, messages, subscribers, the newsletter, the calendar and market data.',
  author: 'Writes and publishes their own articles and uploads media; sees no reader’s personal data.',
  contributor: 'Writes their own drafts and submits them for review.',
};

const ALL: readonly Role[] = ROLES;
const EDITORS: readonly Role[] = ['owner', 'editor'];
const WRITERS_WHO_PUBLISH: readonly Role[] = ['owner', 'editor', 'author'];
const OWNERS: readonly Role[] = ['owner'];

/**
 * Each capability once, with the roles that have it. "Own" articles are those whose byline is
 * the person's author record; the article service checks that part.
 */
export const CAPABILITIES = {
  /** Sign in, see one's own account, two-factor sign-in and sessions. */
  account: ALL,
  /** Write articles: anyone their own drafts; revisions, autosaves and previews of what they may edit. */
  writeArticles: ALL,
  /** Publish, schedule and unpublish one's own articles, and delete them once published. */
  publishOwnArticles: WRITERS_WHO_PUBLISH,
  /** Edit, publish, schedule, unpublish and delete anyone's articles; the review queue. */
  editAllArticles: EDITORS,
  /** Add dated corrections to published articles. */
  correctArticles: EDITORS,
  /** Browse the media library (to pick a lead image). */
  browseMedia: ALL,
  /** Upload media, and edit or delete what one uploaded. */
  uploadMedia: WRITERS_WHO_PUBLISH,
  /** Edit and delete anyone's media (and the images from before staff accounts). */
  manageAllMedia: EDITORS,
  manageTopics: EDITORS,
  manageAuthors: EDITORS,
  manageAnalytics: EDITORS,
  moderateComments: EDITORS,
  readMessages: EDITORS,
  manageSubscribers: EDITORS,
  sendNewsletter: EDITORS,
  manageCalendar: EDITORS,
  manageMarketData: EDITORS,
  /**
   * Readers' personal data in the answers that carry it (commenters' and correspondents' e-mail
   * addresses, subscribers', the outbox's recipients): a role without it gets those answers
   * without it (src/server/auth/route-permissions.ts, `PERSONAL_DATA_ANSWERS`).
   */
  readPersonalData: EDITORS,
  /** Readership figures (counts only, no reader's data). */
  readReadership: WRITERS_WHO_PUBLISH,
  manageZoho: OWNERS,
  /** The outbox: every mail the site sends, with readers' addresses. */
  manageMail: OWNERS,
  manageStaff: OWNERS,
  readAudit: OWNERS,
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** Whether `role` has `capability`. */
export function can(role: Role, capability: Capability): boolean {
  return CAPABILITIES[capability].includes(role);
}

/** Every capability a role has, as the panel receives them. */
export function capabilitiesOf(role: Role): Capability[] {
  return (Object.keys(CAPABILITIES) as Capability[]).filter((capability) => can(role, capability));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
