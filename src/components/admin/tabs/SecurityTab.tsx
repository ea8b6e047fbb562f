import { useEffect, useState } from 'react';
import { getJson, sendJson } from '@/lib/api-client';
import { submitErrorMessage, submitFieldErrors } from '@/lib/submit-error';
import { toast } from '@/stores/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface Enrollment {
  uri: string;
  qrSvg: string;
  secret: string;
}

/** A change that asks for proof besides the session before it is made. */
type Change = 'setup' | 'recovery-codes' | 'disable';

const SUBMIT_LABELS: Record<Change, string> = { setup: 'Continue', 'recovery-codes': 'Make new recovery codes', disable: 'Turn off' };

/** The proof as the server takes it: what looks like a code is sent as one, anything else as the password. */
const proofOf = (typed: string) => (/^\d{6}$|^[a-z0-9]{6}-[a-z0-9]{6}$/i.test(typed.trim()) ? { currentCode: typed } : { password: typed });

/**
 * Two-factor sign-in with an authenticator app: enroll by QR code, confirm, keep recovery
 * codes. Every change asks for the password (or, once it is on, a current or recovery code):
 * the session alone changes nothing.
 */
export function SecurityTab() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  // The change whose proof form is open, what is typed there and what the server said of it.
  const [change, setChange] = useState<Change | null>(null);
  const [proof, setProof] = useState('');
  const [proofError, setProofError] = useState<string | undefined>(undefined);
  // The password that started enrollment, sent again to confirm it; forgotten once it is done.
  const [enrollmentPassword, setEnrollmentPassword] = useState('');

  useEffect(() => {
    getJson<{ enabled: boolean }>('/api/admin/totp')
      .then(({ data }) => setEnabled(data.enabled))
      .catch(() => setEnabled(false));
  }, []);

  // The proof field takes the focus when it opens, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (change) document.getElementById('totp-proof')?.focus();
  }, [change]);

  const open = (next: Change | null) => {
    setChange(next);
    setProof('');
    setProofError(undefined);
  };
  const failed = (error: unknown, fallback: string) => {
    setProofError(submitFieldErrors(error)['confirm']?.[0]);
    toast({ title: 'Error', description: submitErrorMessage(error, fallback), variant: 'destructive' });
  };

  const submitChange = async (current: Change) => {
    // While two-factor sign-in is off only the password proves anything.
    const body = current === 'setup' ? { password: proof } : proofOf(proof);
    try {
      if (current === 'setup') {
        setEnrollment(await sendJson<Enrollment>('POST', '/api/admin/totp/setup', body));
        setEnrollmentPassword(proof);
      } else if (current === 'recovery-codes') {
        setRecoveryCodes((await sendJson<{ recoveryCodes: string[] }>('POST', '/api/admin/totp/recovery-codes', body)).recoveryCodes);
        toast({ title: 'New recovery codes made', description: 'The old ones no longer work.' });
      } else {
        await sendJson('POST', '/api/admin/totp/disable', body);
        setEnabled(false);
        setRecoveryCodes(null);
        toast({ title: 'Two-factor sign-in disabled' });
      }
      open(null);
    } catch (error) {
      failed(error, current === 'disable' ? 'Two-factor sign-in is still on.' : 'That did not work. Nothing was changed.');
    }
  };
  const confirm = async () => {
    try {
      const result = await sendJson<{ recoveryCodes: string[] }>('POST', '/api/admin/totp/enable', { code, password: enrollmentPassword });
      setRecoveryCodes(result.recoveryCodes);
      setEnrollment(null);
      setEnrollmentPassword('');
      setCode('');
      setEnabled(true);
      toast({ title: 'Two-factor sign-in enabled' });
    } catch (error) {
      toast({ title: 'Error', description: submitErrorMessage(error, 'That code is not valid.'), variant: 'destructive' });
    }
  };
  const cancelEnrollment = () => {
    setEnrollment(null);
    setEnrollmentPassword('');
    setCode('');
  };

  return (
    <section aria-labelledby="security-title" className="max-w-2xl space-y-4">
      <h2 id="security-title" className="flex items-center gap-2 text-xl font-semibold">
        Two-factor sign-in {enabled !== null && <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>}
      </h2>
      <p className="text-muted-foreground text-sm">
        Require a code from an authenticator app (such as 1Password, Authy or Google Authenticator) at every sign-in.
      </p>
      {enabled === false && !enrollment && !change && <Button onClick={() => open('setup')}>Set up authenticator app</Button>}
      {enabled && !change && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => open('recovery-codes')}>
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => open('disable')}>
            Turn off two-factor sign-in
          </Button>
        </div>
      )}
      {change && (
        <ProofForm
          change={change}
          proof={proof}
          error={proofError}
          onProof={setProof}
          onSubmit={() => void submitChange(change)}
          onCancel={() => open(null)}
        />
      )}
      {enrollment && (
        <EnrollmentPanel enrollment={enrollment} code={code} onCode={setCode} onConfirm={() => void confirm()} onCancel={cancelEnrollment} />
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
    </section>
  );
}

/** The proof a change asks for: the password (or, once two-factor sign-in is on, a current or recovery code). */
function ProofForm({
  change,
  proof,
  error,
  onProof,
  onSubmit,
  onCancel,
}: {
  change: Change;
  proof: string;
  error: string | undefined;
  onProof: (proof: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="bg-card space-y-4 rounded-lg border p-5"
      aria-label={change === 'setup' ? 'Confirm it is you to set up two-factor sign-in' : 'Confirm it is you to change two-factor sign-in'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <FormField id="totp-proof" label={change === 'setup' ? 'Your password' : 'Current code, recovery code or password'} error={error}>
        <Input
          {...fieldProps('totp-proof', error)}
          type="password"
          autoComplete={change === 'setup' ? 'current-password' : 'one-time-code'}
          required
          value={proof}
          onChange={(e) => onProof(e.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" variant={change === 'disable' ? 'destructive' : 'default'}>
          {SUBMIT_LABELS[change]}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Enrollment: the QR code and the key by hand, then the app's first code turns two-factor sign-in on. */
function EnrollmentPanel({
  enrollment,
  code,
  onCode,
  onConfirm,
  onCancel,
}: {
  enrollment: Enrollment;
  code: string;
  onCode: (code: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
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
        <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => onCode(e.target.value)} />
      </FormField>
      <div className="flex gap-2">
        <Button onClick={onConfirm}>Turn on two-factor sign-in</Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The recovery codes, shown once. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="bg-accent space-y-2 rounded-lg border border-amber-300 p-5">
      <p className="font-semibold">Recovery codes</p>
      <p className="text-sm">Each works once if you lose your phone. Store them somewhere safe: they are not shown again.</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
