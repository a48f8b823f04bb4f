import { useState } from 'react';
import { Check, Copy, Download, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, fieldIssues, trpc } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Alert, Skeleton } from '../../ui/Feedback';
import { SettingsCard } from './accountParts';
import { formatDate } from '../../../../shared/dates';

const T = M.twoFactor;

/** "JBSWY3DPEHPK3PXP…" → "JBSW Y3DP EHPK …": easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The message of a refused call: the field's issue when there is one, else the error's sentence. */
const messageOf = (error: unknown) => fieldIssues(error)[0]?.message ?? errorText(error) ?? M.common.loadFailed;

/** An authenticator code input: numeric keyboard, one-time-code autofill, digits and spaces only. */
function CodeInput({
  value,
  onChange,
  label = T.codeLabel,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      maxLength={7}
      placeholder={T.codePlaceholder}
      className="[&_input]:font-mono [&_input]:tracking-[0.25em] sm:max-w-48"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value.replace(/[^\d ]/g, ''))}
    />
  );
}

/**
 * Account → Profile: two-factor sign-in. Off → "Turn on" shows the QR code and the key, a code confirms it, and the
 * 10 recovery codes show once. On → how many recovery codes are left, new codes, turning it off.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);

  const begin = trpc.twoFactor.beginSetup.useMutation({
    onSuccess: (reply) => {
      setSetup(reply);
      setCode('');
      setCodeError(undefined);
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  const enable = trpc.twoFactor.enable.useMutation({
    onSuccess: ({ recoveryCodes }) => {
      setSetup(null);
      setCodes(recoveryCodes);
      toast.success(T.turnedOn);
      void utils.twoFactor.status.invalidate();
    },
    onError: (error) => setCodeError(messageOf(error)),
  });

  const finishCodes = () => {
    setCodes(null);
    // The hub opens once a required set-up is done (auth.me says so).
    void utils.auth.me.invalidate();
    onEnabled?.();
  };

  let body: React.ReactNode;
  if (status.isPending) {
    body = (
      <div className="space-y-3" role="status" aria-label={M.common.loading}>
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <Alert>
        {T.loadFailed}{' '}
        <button type="button" className="font-medium underline" onClick={() => void status.refetch()}>
          {M.common.retry}
        </button>
      </Alert>
    );
  } else if (codes) {
    body = <RecoveryCodes codes={codes} onDone={finishCodes} />;
  } else if (setup) {
    body = (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          enable.mutate({ code });
        }}
        className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]"
      >
        <div className="flex flex-col items-center gap-2">
          <div
            aria-label={T.scanTitle}
            role="img"
            className="size-44 rounded-lg bg-white p-1 ring-1 ring-slate-200 [&_svg]:size-full"
            // Drawn by the server (uqr) from the otpauth URI: only rects, no script.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server draws the QR code from the otpauth URI (rects only, no script)
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
        </div>
        <div className="min-w-0 space-y-4">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{T.scanTitle}</h3>
            <p className="mt-1 text-sm text-slate-500">{T.scanHint}</p>
          </div>
          <div>
            <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">{T.secretLabel}</div>
            <code
              data-testid="totp-secret"
              className="mt-1 block rounded-md bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200 select-all"
            >
              {grouped(setup.secret)}
            </code>
          </div>
          <div>
            <p className="mb-2 text-sm text-slate-600">{T.confirmHint}</p>
            <CodeInput value={code} onChange={setCode} error={codeError} autoFocus />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={enable.isPending}>
              {T.confirm}
            </Button>
            <Button variant="ghost" onClick={() => setSetup(null)} disabled={enable.isPending}>
              {T.cancel}
            </Button>
          </div>
        </div>
      </form>
    );
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <ShieldCheck className="size-8 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="text-sm font-medium text-slate-900">
              {status.data.enabledAt ? T.enabledSince(formatDate(status.data.enabledAt)) : T.on}
            </p>
            <p className={status.data.recoveryCodesLeft <= 2 ? 'text-sm text-amber-700' : 'text-sm text-slate-500'}>
              {T.codesLeft(status.data.recoveryCodesLeft)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setDialog('regenerate')}>
            {T.regenerate}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('disable')}>
            {T.turnOff}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-600">{T.intro}</p>
        <Button onClick={() => begin.mutate()} busy={begin.isPending}>
          {T.turnOn}
        </Button>
      </div>
    );
  }

  const enabled = status.data?.enabled === true;
  return (
    <>
      <SettingsCard
        title={T.title}
        text={status.data?.enabled || setup || codes ? T.intro : undefined}
        actions={
          status.data && (
            <Badge tone={enabled ? 'green' : status.data.required ? 'yellow' : 'gray'}>{enabled ? T.on : T.off}</Badge>
          )
        }
      >
        {body}
      </SettingsCard>
      <RegenerateDialog open={dialog === 'regenerate'} onClose={() => setDialog(null)} onCodes={setCodes} />
      <DisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </>
  );
}

/** The recovery codes, shown once, with Copy and Download (.txt). */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { data: me } = trpc.auth.me.useQuery();
  const [copied, setCopied] = useState(false);
  const text = `${T.codesFileHeader(me?.email ?? '')}\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{T.codesTitle}</h3>
        <p className="mt-1 text-sm text-slate-500">{T.codesHint}</p>
      </div>
      <ul
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200 sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => {
                setCopied(true);
                toast.success(T.copied);
              },
              () => toast.error(M.common.loadFailed),
            );
          }}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />} {T.copy}
        </Button>
        <a
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={T.codesFileName}
        >
          <Download className="size-4" aria-hidden /> {T.download}
        </a>
        <Button onClick={onDone}>{T.codesSaved}</Button>
      </div>
    </div>
  );
}

function RegenerateDialog({
  open,
  onClose,
  onCodes,
}: {
  open: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const regenerate = trpc.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: ({ recoveryCodes }) => {
      onCodes(recoveryCodes);
      toast.success(T.codesRegenerated);
      void utils.twoFactor.status.invalidate();
      setCode('');
      onClose();
    },
    onError: (e) => setError(messageOf(e)),
  });
  return (
    <Dialog open={open} onClose={onClose} title={T.regenerateTitle} size="md">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          regenerate.mutate({ code });
        }}
      >
        <p className="text-sm text-slate-600">{T.regenerateHint}</p>
        <CodeInput value={code} onChange={setCode} error={error} autoFocus />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" busy={regenerate.isPending}>
            {T.regenerateConfirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; other?: string }>({});
  const disable = trpc.twoFactor.disable.useMutation({
    onSuccess: () => {
      toast.success(T.turnedOff);
      void utils.twoFactor.status.invalidate();
      void utils.auth.me.invalidate();
      setPassword('');
      setCode('');
      onClose();
    },
    onError: (e) => {
      const issue = fieldIssues(e)[0];
      if (issue?.path === 'password') setErrors({ password: issue.message });
      else if (issue?.path === 'code') setErrors({ code: issue.message });
      else setErrors({ other: errorText(e) ?? M.common.loadFailed });
    },
  });
  return (
    <Dialog open={open} onClose={onClose} title={T.disableTitle} size="md">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          disable.mutate({ password, code });
        }}
      >
        <p className="text-sm text-slate-600">{T.disableHint}</p>
        {errors.other && <Alert>{errors.other}</Alert>}
        <TextField
          label={T.passwordLabel}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={T.disableCodeLabel}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="[&_input]:font-mono"
          value={code}
          error={errors.code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={disable.isPending}>
            {T.disableConfirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
