import { useContext } from 'react';
import { sendJson } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/format';
import { ROLES, ROLE_LABELS, type Role } from '@/lib/staff/permissions';
import type { Invitation, StaffMember } from '@/lib/wire/staff';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { AccountContext } from '@/components/admin/account';
import { DeleteButton, mutate } from '@/components/admin/shared/admin-actions';
import { PagedList } from '@/components/admin/shared/PagedList';
import { TabSection } from '@/components/admin/shared/TabSection';
import { usePagedList } from '@/components/admin/shared/use-paged-list';
import { InviteDialog } from '@/components/admin/staff/InviteDialog';

/**
 * One person: name, address, role (changeable), active or not; the owner changes a role or
 * (de)activates. Their own row only says who they are: nobody changes their own (the server
 * refuses it too).
 */
function PersonRow({ person, onChanged }: { person: StaffMember; onChanged: () => void }) {
  const self = useContext(AccountContext).userId === person.id;
  const change = (body: { role?: Role; active?: boolean }, done: string) =>
    void mutate(() => sendJson('PATCH', `/api/admin/staff/${person.id}`, body), done, onChanged);
  const roleId = `staff-${person.id}-role`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {person.displayName}
          {self && <Badge variant="outline">You</Badge>}
          {!person.active && <Badge variant="warning">Deactivated</Badge>}
        </p>
        <p className="text-muted-foreground text-xs">
          <span className="wrap-anywhere">{person.email ?? person.username}</span> · joined {formatZonedDateTime(person.createdAt)}
        </p>
      </div>
      {self ? (
        <p className="text-muted-foreground text-sm">{ROLE_LABELS[person.role]}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={roleId} className="sr-only">
            Role of {person.displayName}
          </label>
          <NativeSelect
            id={roleId}
            value={person.role}
            onChange={(e) => change({ role: e.target.value as Role }, `${person.displayName} is now ${ROLE_LABELS[e.target.value as Role]}`)}
            options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              if (!person.active || window.confirm(`Deactivate ${person.displayName}? Their sessions end at once; their articles stay.`))
                change({ active: !person.active }, person.active ? `${person.displayName} deactivated` : `${person.displayName} reactivated`);
            }}
          >
            {person.active ? 'Deactivate' : 'Reactivate'}
            <span className="sr-only"> {person.displayName}</span>
          </Button>
          {person.active && person.email && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                if (window.confirm(`Mail ${person.displayName} a link to choose a new password? Their password works until they use it.`))
                  void mutate(
                    () => sendJson('POST', '/api/admin/staff/password-resets', { userId: person.id }),
                    `A password-reset link is on its way to ${person.displayName}`,
                    onChanged,
                  );
              }}
            >
              Send password reset
              <span className="sr-only"> to {person.displayName}</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Invitations not yet accepted: who, which role, until when; each can be revoked. */
function OpenInvitations({ invitations, onChanged }: { invitations: Invitation[]; onChanged: () => void }) {
  if (invitations.length === 0) return null;
  return (
    <TabSection id="invitations-title" title="Open invitations" level={3}>
      <ul className="divide-y">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold">
                {invitation.displayName} <span className="text-muted-foreground font-normal">· {ROLE_LABELS[invitation.role]}</span>
              </p>
              <p className="text-muted-foreground text-xs">
                <span className="wrap-anywhere">{invitation.email}</span> · link works until {formatZonedDateTime(invitation.expiresAt)}
              </p>
            </div>
            <DeleteButton
              question={`Revoke the invitation of ${invitation.email}?`}
              path={`/api/admin/staff/invitations/${invitation.id}`}
              success="Invitation revoked"
              onDone={onChanged}
              label={`Revoke the invitation of ${invitation.email}`}
              text="Revoke"
            />
          </li>
        ))}
      </ul>
    </TabSection>
  );
}

/** The staff (owners only): everyone who signs in, their roles, invitations out. */
export function StaffTab() {
  const list = usePagedList<StaffMember, { invitations: Invitation[] }>('/api/admin/staff');
  return (
    <TabSection
      id="staff-title"
      title="Staff"
      intro="Each person signs in with their own e-mail address and password, within their role. A changed role or a deactivation ends their sessions at once. A password-reset link goes to the person’s own address only; nobody else ever sees it."
      action={<InviteDialog onSaved={list.reload} />}
    >
      <OpenInvitations invitations={list.data?.invitations ?? []} onChanged={list.reload} />
      <PagedList
        name="staff"
        noun="person"
        nouns="people"
        list={list}
        empty="Nobody yet."
        renderRow={(person) => <PersonRow person={person} onChanged={list.reload} />}
      />
    </TabSection>
  );
}
