// The staff API's answers: people, invitations, one's own account and sessions, the audit
// trail and editorial notes.
import * as z from '@/lib/validation/zod-mini';
import { AUDIT_ACTION_NAMES } from '@/lib/staff/audit-actions';
import { CAPABILITIES, ROLES, type Capability } from '@/lib/staff/permissions';
import { about, isoDate, isoDateTime, named, recordId, namedObject } from '@/lib/wire/common';

const role = z.enum(ROLES);
const nullableId = z.nullable(recordId);

/** What the staff list and one's own account both say of a person. */
const personFields = z.object({
  id: recordId,
  username: about(z.string(), 'What they sign in with: their e-mail address (the first owner: ADMIN_USERNAME).'),
  displayName: z.string(),
  email: z.nullable(z.string()),
  role,
  authorId: about(nullableId, 'The author record of their byline.'),
});

export const staffMemberSchema = named(
  'StaffMember',
  z.extend(personFields, { active: z.boolean(), createdAt: isoDateTime }),
  'A person on the staff.',
);
export type StaffMember = z.output<typeof staffMemberSchema>;

export const invitationSchema = namedObject('Invitation', 'An invitation not yet accepted, revoked or expired.', {
  id: recordId,
  email: z.string(),
  displayName: z.string(),
  role,
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type Invitation = z.output<typeof invitationSchema>;

export const capabilitySchema = z.enum(Object.keys(CAPABILITIES) as [Capability, ...Capability[]]);

export const accountSchema = named(
  'Account',
  z.extend(personFields, {
    capabilities: about(z.array(capabilitySchema), 'What the role may do (the panel shows only these tabs and buttons).'),
  }),
  'The signed-in person.',
);
export type Account = z.output<typeof accountSchema>;

export const sessionInfoSchema = namedObject('SessionInfo', 'One of the signed-in person’s sessions.', {
  id: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime,
  expiresAt: isoDateTime,
  userAgent: z.string(),
  current: about(z.boolean(), 'The session making this request.'),
});
export type SessionInfo = z.output<typeof sessionInfoSchema>;

export const auditEntrySchema = namedObject('AuditEntry', 'One entry of the audit trail (never changed once written).', {
  id: recordId,
  at: isoDateTime,
  actorId: nullableId,
  actorName: z.string(),
  action: z.enum(AUDIT_ACTION_NAMES),
  subjectType: z.nullable(z.string()),
  subjectId: z.nullable(z.string()),
  summary: z.string(),
  address: z.nullable(z.string()),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const articleNoteSchema = namedObject('ArticleNote', 'An editorial note on an article, for staff only.', {
  id: recordId,
  articleId: recordId,
  userId: nullableId,
  username: z.string(),
  kind: z.enum(['note', 'submitted', 'returned', 'published', 'scheduled']),
  body: z.string(),
  revisionId: nullableId,
  createdAt: isoDateTime,
});
export type ArticleNote = z.output<typeof articleNoteSchema>;

/** A figure a published story cites that EIA revised: the revision watch's notice to the story's editors. */
export const revisionNoticeSchema = namedObject('RevisionNotice', 'A figure a published story cites that an import revised.', {
  id: recordId,
  article: z.object({ id: recordId, slug: z.string(), title: z.string() }),
  series: z.object({ slug: z.string(), name: z.string() }),
  period: about(isoDate, 'The period of the figure.'),
  valueAsPublished: about(z.number(), 'The figure the story states.'),
  previousValue: about(z.number(), 'The figure before this revision.'),
  value: about(z.number(), 'The revised figure.'),
  text: about(z.object({ asPublished: z.string(), previous: z.string(), value: z.string() }), 'The three figures with their unit, as written.'),
  revisedAt: about(isoDateTime, 'When the import saw the revision.'),
  correctionId: z.nullable(about(recordId, 'The correction published from this notice, once one was.')),
  draft: about(z.string(), 'The dated correction it drafts, for the editor to check and publish (once opened, the draft as it was written).'),
  drafting: z.nullable(
    about(
      z.object({ by: z.string(), at: isoDateTime }),
      'Who opened the correction’s draft first, and when: every other editor is taken to that draft.',
    ),
  ),
});
export type RevisionNotice = z.output<typeof revisionNoticeSchema>;
