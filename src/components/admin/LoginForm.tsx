import { useState, type SubmitEvent } from 'react';
import { sendJson } from '../../lib/api-client.ts';
import { submitErrorMessage } from '../../lib/submit-error.ts';
import { toast } from '../../stores/toast.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Toaster } from '../ui/toast.tsx';

/** The admin sign-in form (spec sections 2, 5 and 8). It shows no credentials (CONTRACT 2.5). */
export default function LoginForm() {
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const username = text('username').trim();
    const password = text('password');
    if (!username || !password) {
      toast({ title: 'Validation Error', description: 'Please enter both username and password', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await sendJson('POST', '/api/admin/login', { username, password });
      toast({ title: 'Login Successful', description: 'Welcome to the admin panel' });
      window.location.assign('/admin');
    } catch (error) {
      toast({ title: 'Login Failed', description: submitErrorMessage(error, 'Invalid credentials'), variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        <FormField id="login-username" label="Username">
          <Input id="login-username" name="username" autoComplete="username" maxLength={1024} />
        </FormField>
        <FormField id="login-password" label="Password">
          <Input id="login-password" name="password" type="password" autoComplete="current-password" maxLength={1024} />
        </FormField>
        <Button type="submit" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Toaster />
    </>
  );
}
