import { useState, type SubmitEvent } from 'react';
import { sendJson } from '@/lib/api-client';
import { submitErrorMessage, submitFieldErrors } from '@/lib/submit-error';
import type { Account } from '@/lib/wire/staff';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TabSection } from '@/components/admin/shared/TabSection';
import { useResource } from '@/components/admin/shared/use-resource';

/** The account form's inputs: what each is and how the browser may fill it in. */
const ACCOUNT_INPUTS = {
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'current-password' },
} as const;

/** A field of the account form (`account-{kind}`): its label, the input bound to its state, and the server's message on it. */
function AccountField({
  kind,
  label,
  error,
  value: [value, setValue],
}: {
  kind: keyof typeof ACCOUNT_INPUTS;
  label: string;
  error: string | undefined;
  value: [string, (value: string) => void];
}) {
  const id = `account-${kind}`;
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...fieldProps(id, error)} {...ACCOUNT_INPUTS[kind]} value={value} onChange={(e) => setValue(e.target.value)} />
    </FormField>
  );
}

/**
 * The signed-in person's own name (how the panel and the staff's mails name them) and e-mail
 * address (where invitations' replies, password resets and the editors' notices go). A new
 * address asks for the password besides the session.
 */
export function AccountSection() {
  const { data, reload } = useResource<Account>('/api/admin/account', 'Could not load your account.');
  if (!data) return <p role="status">Loading your account…</p>;
  return <AccountForm key={`${data.displayName}|${data.email ?? ''}`} data={data} onSaved={reload} />;
}

/** The form, filled from the account as loaded (made again when it changes). */
function AccountForm({ data, onSaved }: { data: Account; onSaved: () => void }) {
  // A person who never gave a name is shown by their user name: the field starts empty for them.
  const [name, setName] = useState(data.displayName === data.username && !data.email ? '' : data.displayName);
  const [email, setEmail] = useState(data.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [saving, setSaving] = useState(false);
  const newEmail = email.trim() !== '' && email.trim().toLowerCase() !== (data.email ?? '');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await sendJson('PATCH', '/api/admin/account', {
        ...(name.trim() ? { name } : {}),
        ...(newEmail ? { email, password } : {}),
      });
      toast({ title: 'Your account is saved' });
      setPassword('');
      onSaved();
    } catch (error) {
      setErrors(submitFieldErrors(error));
      toast({ title: 'Error', description: submitErrorMessage(error, 'Nothing was changed.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <TabSection
      id="account-title"
      title="Your name and address"
      intro={`You sign in as ${data.username}. Your name is how the panel and the mails to the staff name you; password-reset links go to your address.`}
      className="mb-8 space-y-4"
    >
      <form onSubmit={(event) => void submit(event)} className="grid max-w-lg gap-4" noValidate>
        <AccountField kind="name" label="Name" error={errors['name']?.[0]} value={[name, setName]} />
        <AccountField kind="email" label="E-mail address" error={errors['email']?.[0]} value={[email, setEmail]} />
        {newEmail && (
          <AccountField
            kind="password"
            label="Your password (to change the address)"
            error={errors['confirm']?.[0]}
            value={[password, setPassword]}
          />
        )}
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </TabSection>
  );
}
