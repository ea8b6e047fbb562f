import { sendJson } from '@/lib/api-client';
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/staff/permissions';
import { invitationSchema, type InvitationInput } from '@/lib/validation/staff';
import { SelectField, TextField } from '@/components/forms/BoundFields';
import { EditDialog } from '@/components/admin/shared/EditDialog';

const EMPTY = { email: '', name: '', role: 'contributor' } as InvitationInput;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** What each role may do, beside the choice (a phone's select cuts long options short). */
function RoleGuide() {
  return (
    <dl className="text-muted-foreground -mt-2 grid gap-1 text-xs">
      {ROLES.map((role) => (
        <div key={role}>
          <dt className="text-foreground inline font-semibold">{ROLE_LABELS[role]}:</dt> <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Invite a person: their address, their name (as their byline will read) and their role; the link goes by e-mail. */
export function InviteDialog({ onSaved }: { onSaved: () => void }) {
  return (
    <EditDialog
      schema={invitationSchema}
      values={EMPTY}
      idPrefix="invitation"
      title="Invite a Person"
      description="They get an e-mail with a link to choose their password. The link works once, for 7 days."
      submitLabel="Send Invitation"
      save={(body) => sendJson('POST', '/api/admin/staff/invitations', body)}
      saved={(body) => `Invitation sent to ${body.email}`}
      failure="The invitation could not be sent."
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextField form={form} name="email" label="E-mail address" type="email" autoComplete="off" />
          <TextField form={form} name="name" label="Name (their byline)" autoComplete="off" />
          <SelectField form={form} name="role" label="Role" options={ROLE_OPTIONS} />
          <RoleGuide />
        </>
      )}
    </EditDialog>
  );
}
