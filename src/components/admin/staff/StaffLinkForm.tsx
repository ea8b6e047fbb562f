import { useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { sendJson } from '@/lib/api-client';
import { formText } from '@/lib/form-data';
import { submitErrorMessage } from '@/lib/submit-error';
import { PASSWORD_MIN } from '@/lib/validation/staff';
import { toastOnNextPage } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What the form does: accept an invitation, set a password with a reset link, or ask for one. */
export type StaffLinkMode = 'invitation' | 'reset' | 'forgot';

const MODES = {
  invitation: { path: '/api/admin/invitations/accept', submit: 'Join the newsroom', pending: 'Joining...' },
  reset: { path: '/api/admin/password-reset/confirm', submit: 'Set the new password', pending: 'Saving...' },
  forgot: { path: '/api/admin/password-reset', submit: 'Send me a link', pending: 'Sending...' },
} as const;

/** The link's token: it rides in the address's fragment (`#token=…`), which no server ever receives. */
const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

const onHashChange = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

/** Said instead of the form when the page was opened without its link's token. */
function MissingLink({ mode }: { mode: 'invitation' | 'reset' }) {
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="font-medium">This page opens from the link in your e-mail.</p>
      {mode === 'invitation' ? (
        <p>Open the link in your invitation again. If it no longer works, ask whoever invited you to send a new one.</p>
      ) : (
        <p>
          Open the link in your e-mail again, or{' '}
          <a href="/admin/forgot-password" className="underline">
            ask for a new one
          </a>
          .
        </p>
      )}
    </div>
  );
}

/**
 * The forms of someone without a session: choose a password from an invitation or reset link
 * (typed twice), or ask for a reset link by e-mail. Success of the first goes to the panel,
 * of the second to the sign-in page; asking for a link says the same whoever asks.
 */
export default function StaffLinkForm({ mode }: { mode: StaffLinkMode }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const needsToken = mode !== 'forgot';
  // Known only in the browser (the page is prerendered, so its HTML shows the form): whether
  // the address carries a token; it follows the fragment if the link is pasted into this tab.
  const linkMissing = useSyncExternalStore(
    onHashChange,
    () => needsToken && !tokenFromHash(),
    () => false,
  );

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => formText(data, name);
    const token = tokenFromHash();
    if (needsToken && !token) {
      setMessage({ text: 'This page needs the link from your e-mail: open the link again, or ask for a new one.', error: true });
      return;
    }
    if (needsToken && text('password') !== text('confirm')) {
      setMessage({ text: 'The two passwords differ', error: true });
      return;
    }
    setPending(true);
    setMessage(undefined);
    try {
      const body = needsToken ? { token, password: text('password') } : { email: text('email') };
      const answer = await sendJson<{ message?: string }>('POST', MODES[mode].path, body);
      if (mode === 'invitation') {
        toastOnNextPage({ title: 'Welcome', description: 'Your account is ready.' });
        window.location.assign('/admin');
      } else if (mode === 'reset') {
        toastOnNextPage({ title: 'Password changed', description: 'Sign in with your new password.' });
        window.location.assign('/admin/login');
      } else setMessage({ text: answer.message ?? 'Check your inbox.', error: false });
    } catch (error) {
      setMessage({ text: submitErrorMessage(error, 'That did not work. Try again.'), error: true });
    }
    setPending(false);
  };

  if (linkMissing && mode !== 'forgot') return <MissingLink mode={mode} />;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={
            message.error ? 'border-destructive text-destructive rounded-md border p-3 text-sm font-medium' : 'rounded-md border p-3 text-sm'
          }
        >
          {message.text}
        </p>
      )}
      {needsToken ? (
        <>
          <FormField id="staff-password" label="New password">
            <Input
              id="staff-password"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              maxLength={1024}
              aria-describedby="staff-password-hint"
            />
            <p id="staff-password-hint" className="text-muted-foreground text-sm">
              At least {PASSWORD_MIN} characters. A passphrase of a few words is easy to type and hard to guess.
            </p>
          </FormField>
          <FormField id="staff-confirm" label="New password again">
            <Input id="staff-confirm" name="confirm" type="password" autoComplete="new-password" maxLength={1024} />
          </FormField>
        </>
      ) : (
        <FormField id="staff-email" label="E-mail address">
          <Input id="staff-email" name="email" type="email" autoComplete="email" maxLength={254} />
        </FormField>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? MODES[mode].pending : MODES[mode].submit}
      </Button>
    </form>
  );
}
