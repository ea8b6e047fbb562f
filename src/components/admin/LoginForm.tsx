import { useEffect, useState, type SubmitEvent } from 'react';
import { sendJson } from '@/lib/api-client';
import { formText } from '@/lib/form-data';
import { LOGIN_FIELDS_REQUIRED, LOGIN_FORM_ACTION } from '@/lib/validation/login';
import { submitErrorMessage, submitFieldErrors } from '@/lib/submit-error';
import { toast, toastOnNextPage } from '@/stores/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Toaster } from '@/components/ui/toast';

interface LoginFormProps {
  /** What the server answered a sign-in posted without JavaScript (shown on the page it answered with). */
  error?: string | undefined;
  /** The user name that post carried (never the password). */
  username?: string | undefined;
  /** Whether that post proved the password and the server asks for the second factor. */
  needsCode?: boolean | undefined;
}

/**
 * The admin sign-in form. It shows no credentials. Hydrated, it signs in through the JSON
 * API; before hydration or without JavaScript it is a plain POST to `/admin/sign-in`, so the
 * password never goes into an address.
 */
export default function LoginForm({ error, username = '', needsCode: codeAsked = false }: LoginFormProps) {
  const [pending, setPending] = useState(false);
  // Shown once the server asks for the second factor.
  const [needsCode, setNeedsCode] = useState(codeAsked);
  const [notice, setNotice] = useState(error);
  // Move focus to the code field when it appears, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (needsCode) document.getElementById('login-code')?.focus();
  }, [needsCode]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => formText(data, name);
    const username = text('username').trim();
    const password = text('password');
    const code = text('code').trim();
    if (!username || !password) {
      toast({ title: 'Validation Error', description: LOGIN_FIELDS_REQUIRED, variant: 'destructive' });
      return;
    }
    setNotice(undefined);
    setPending(true);
    try {
      await sendJson('POST', '/api/admin/login', { username, password, ...(code ? { code } : {}) });
      // The panel replaces this page at once: the notice is shown there.
      toastOnNextPage({ title: 'Login Successful', description: 'Welcome to the admin panel' });
      window.location.assign('/admin');
    } catch (error) {
      if (submitFieldErrors(error)['code']) setNeedsCode(true);
      toast({ title: 'Login Failed', description: submitErrorMessage(error, 'Invalid credentials'), variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <>
      <form method="post" action={LOGIN_FORM_ACTION} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        {notice && (
          <p role="alert" className="border-destructive text-destructive rounded-md border p-3 text-sm font-medium">
            {notice}
          </p>
        )}
        <FormField id="login-username" label="Username">
          <Input id="login-username" name="username" autoComplete="username" maxLength={1024} defaultValue={username} />
        </FormField>
        <FormField id="login-password" label="Password">
          <Input id="login-password" name="password" type="password" autoComplete="current-password" maxLength={1024} />
        </FormField>
        {needsCode && (
          <FormField id="login-code" label="Authentication code">
            <Input id="login-code" name="code" autoComplete="one-time-code" inputMode="text" maxLength={64} aria-describedby="login-code-hint" />
            <p id="login-code-hint" className="text-muted-foreground text-sm">
              The 6-digit code from your authenticator app, or a recovery code.
            </p>
          </FormField>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Toaster />
    </>
  );
}
