import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { CORE } from '../../../../shared/messages-core';
import { auth } from '../../../../shared/messages/auth';
import { twoFactor } from '../../../../shared/messages/twoFactor';
import type { loginInput } from '../../../../shared/schemas/auth';
import { takeEarlyReplies, type EarlyQuery } from '../../app/earlyReplies';
import { plainQuery } from '../../lib/plainQuery';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';
import { StaffSsoSignIn } from './SsoSignIn';
import { TwoFactorStep } from './TwoFactorStep';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { shell: CORE.shell, auth, twoFactor } as const;

type LoginForm = z.input<typeof loginInput>;
type DemoHint = { email: string; password: string };

// What the form needs besides itself loads on the first keystroke, not with the page: the shared login schema (and
// zod with it) and the API client that sends the sign-in. The screen paints with neither.
const loadResolver = () => import('./loginResolver');
const loadSignIn = () => import('./signIn');
const loginResolver: Resolver<LoginForm> = async (...args) => (await loadResolver()).loginResolver(...args);

/**
 * One of the screen's two argument-less queries: the reply the router sent with the page's first load when there is
 * one, otherwise a GET now. (Both answer plain JSON values: an optional pair of strings, and the signed-in user, of
 * which only the status is read.)
 */
const readQuery = (name: EarlyQuery, early: Map<EarlyQuery, Promise<Response>>) =>
  plainQuery(name, undefined, early.get(name));

const isDemoHint = (value: unknown): value is DemoHint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DemoHint).email === 'string' &&
  typeof (value as DemoHint).password === 'string';

/**
 * Shown at /hub/login and in place of any hub page while signed out. It renders outside the app shell (no data
 * layer, no toasts) so that the first screen most visitors see waits for as little code as possible.
 */
export default function SignInPage({ onSignedIn }: { onSignedIn?: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const onLoginPage = useLocation().pathname === '/hub/login';
  const [early] = useState(() => takeEarlyReplies(['auth.me', 'auth.demoHint']));
  const [demo, setDemo] = useState<DemoHint | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  /** Set when the password was right and two-factor sign-in is on: the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { register, handleSubmit, setValue, watch, formState } = useForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });

  useDocumentTitle(M.shell.titles.signIn);

  useEffect(() => {
    let live = true;
    void readQuery('auth.demoHint', early).then(
      ({ value }) => live && setDemo(isDemoHint(value) ? value : null),
      () => {},
    );
    // Already signed in? /hub/login has nothing to do; the hub itself renders this screen only when signed out.
    if (onLoginPage)
      void readQuery('auth.me', early).then(
        ({ ok }) => live && setSignedIn(ok),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [early, onLoginPage]);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    setPending(true);
    try {
      const reply = await (await loadSignIn()).signIn(values);
      if ('twoFactorRequired' in reply) {
        setPending(false);
        setChallenge(reply.challenge);
        return;
      }
    } catch (error) {
      setPending(false);
      setAlert((error as Error).message || M.auth.invalidCredentialsAlert);
      return;
    }
    await finish();
  });

  const finish = async () => {
    if (onSignedIn) await onSignedIn();
    else navigate('/hub', { replace: true });
  };

  if (onLoginPage && signedIn) return <Navigate to="/hub" replace />;

  if (challenge) {
    return (
      <AuthCard title={M.twoFactor.stepTitle} subtitle="">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onBack={() => {
            setChallenge(null);
            setValue('password', '');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={M.auth.signInTitle}
      subtitle={M.auth.signInSubtitle}
      footer={
        <>
          {M.auth.noAccount}{' '}
          <Link to="/hub/signup" className="font-medium text-brand-700 hover:underline">
            {M.auth.createOne}
          </Link>
        </>
      }
    >
      <form
        onSubmit={onSubmit}
        onInput={() => {
          void loadResolver();
          void loadSignIn();
        }}
        noValidate
        className="space-y-4"
      >
        {alert && <Alert>{alert}</Alert>}
        <TextField
          label={M.shell.email}
          type="email"
          autoComplete="email"
          autoFocus
          placeholder={M.shell.emailPlaceholder}
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={M.shell.password}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          {/* The reset page starts with what was typed here. */}
          <Link
            to="/hub/forgot-password"
            state={{ email: watch('email') }}
            className="text-sm text-brand-700 hover:underline"
          >
            {M.auth.forgotPassword}
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={pending}>
          {pending ? M.auth.signingIn : M.auth.signIn}
        </Button>
      </form>
      <StaffSsoSignIn email={() => watch('email')} />
      {demo && (
        <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
          <div className="flex items-center gap-2 font-medium">
            <KeyRound className="size-4" aria-hidden /> {M.auth.demoHint}
          </div>
          <p className="mt-1">
            {M.shell.demoAdmin} <span className="font-mono">{demo.email}</span> /{' '}
            <span className="font-mono">{demo.password}</span>
          </p>
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              setValue('email', demo.email);
              setValue('password', demo.password);
              void loadResolver();
              void loadSignIn();
            }}
          >
            {M.shell.fillDemo}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
