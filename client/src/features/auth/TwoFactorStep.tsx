import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { twoFactor } from '../../../../shared/messages/twoFactor';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { twoFactor } as const;

/**
 * The sign-in's second step when two-factor sign-in is on: a code from the authenticator app, or a recovery code.
 * The challenge comes from the password step; the session starts here.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: () => Promise<void> | void;
  onBack: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) return setAlert(recovery ? M.twoFactor.codeRequired : M.twoFactor.codeFormat);
    setAlert(null);
    setPending(true);
    try {
      const { verifyTwoFactor } = await import('./signIn');
      await verifyTwoFactor(recovery ? { challenge, recoveryCode: typed } : { challenge, code: typed });
    } catch (error) {
      setPending(false);
      setAlert((error as Error).message || M.twoFactor.wrongCode);
      return;
    }
    await onSignedIn();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
        <p>{recovery ? M.twoFactor.stepRecoveryHint : M.twoFactor.stepHint}</p>
      </div>
      {alert && <Alert>{alert}</Alert>}
      {recovery ? (
        <TextField
          key="recovery"
          label={M.twoFactor.recoveryCodeLabel}
          autoFocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={M.twoFactor.recoveryCodePlaceholder}
          className="[&_input]:font-mono"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <TextField
          key="app"
          label={M.twoFactor.codeLabel}
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          placeholder={M.twoFactor.codePlaceholder}
          className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/[^\d ]/g, ''))}
        />
      )}
      <Button type="submit" className="w-full" busy={pending}>
        {M.twoFactor.verify}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setAlert(null);
          }}
        >
          {recovery ? M.twoFactor.useApp : M.twoFactor.useRecovery}
        </button>
        <button
          type="button"
          className="rounded text-slate-600 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          onClick={onBack}
        >
          {M.twoFactor.back}
        </button>
      </div>
    </form>
  );
}
