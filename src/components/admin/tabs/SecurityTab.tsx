import { useEffect, useState } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { submitErrorMessage } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface Enrollment {
  uri: string;
  qrSvg: string;
  secret: string;
}

/** Two-factor sign-in with an authenticator app: enroll by QR code, confirm, keep recovery codes. */
export function SecurityTab() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [proof, setProof] = useState('');

  useEffect(() => {
    getJson<{ enabled: boolean }>('/api/admin/totp')
      .then(({ data }) => setEnabled(data.enabled))
      .catch(() => setEnabled(false));
  }, []);

  const start = async () => {
    try {
      setEnrollment(await sendJson<Enrollment>('POST', '/api/admin/totp/setup'));
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'Could not start two-factor setup.'), variant: 'destructive' });
    }
  };
  const confirm = async () => {
    try {
      const result = await sendJson<{ recoveryCodes: string[] }>('POST', '/api/admin/totp/enable', { code });
      setRecoveryCodes(result.recoveryCodes);
      setEnrollment(null);
      setEnabled(true);
      toast({ title: 'Two-factor sign-in enabled' });
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'That code is not valid.'), variant: 'destructive' });
    }
  };
  const disable = async () => {
    // A 6-digit or recovery code, else the password: the session alone cannot turn two-factor off.
    const looksLikeCode = /^\d{6}$|^[a-z0-9]{6}-[a-z0-9]{6}$/i.test(proof.trim());
    try {
      await sendJson('POST', '/api/admin/totp/disable', looksLikeCode ? { code: proof } : { password: proof });
      setEnabled(false);
      setRecoveryCodes(null);
      setTurningOff(false);
      setProof('');
      toast({ title: 'Two-factor sign-in disabled' });
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'Two-factor sign-in is still on.'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="security-title" className="max-w-2xl space-y-4">
      <h2 id="security-title" className="flex items-center gap-2 text-xl font-semibold">
        Two-factor sign-in {enabled !== null && <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>}
      </h2>
      <p className="text-muted-foreground text-sm">
        Require a code from an authenticator app (such as 1Password, Authy or Google Authenticator) at every sign-in.
      </p>
      {enabled === false && !enrollment && <Button onClick={() => void start()}>Set up authenticator app</Button>}
      {enrollment && (
        <div className="bg-card space-y-4 rounded-lg border p-5">
          <p className="text-sm">Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
          <div
            className="size-48 rounded border bg-white p-2"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: enrollment.qrSvg }}
          />
          <p className="text-sm">
            Or enter this key by hand:{' '}
            <code className="bg-muted rounded px-1.5 py-0.5 break-all" data-testid="totp-secret">
              {enrollment.secret}
            </code>
          </p>
          <FormField id="totp-code" label="Code from the app">
            <Input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <Button onClick={() => void confirm()}>Turn on two-factor sign-in</Button>
        </div>
      )}
      {recoveryCodes && (
        <div className="bg-accent space-y-2 rounded-lg border border-amber-300 p-5">
          <p className="font-semibold">Recovery codes</p>
          <p className="text-sm">Each works once if you lose your phone. Store them somewhere safe: they are not shown again.</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {enabled && !turningOff && (
        <Button variant="outline" onClick={() => setTurningOff(true)}>
          Turn off two-factor sign-in
        </Button>
      )}
      {enabled && turningOff && (
        <form
          className="bg-card space-y-4 rounded-lg border p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void disable();
          }}
        >
          <FormField id="totp-proof" label="Current code, recovery code or password">
            <Input id="totp-proof" type="password" autoComplete="one-time-code" value={proof} onChange={(e) => setProof(e.target.value)} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" variant="destructive">
              Turn off
            </Button>
            <Button type="button" variant="outline" onClick={() => setTurningOff(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
