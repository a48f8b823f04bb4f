import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import { loginInput } from '../../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';

type LoginForm = z.input<typeof loginInput>;

/** Shown at /hub/login and in place of any hub page while signed out. */
export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const utils = trpc.useUtils();
  const demo = trpc.auth.demoHint.useQuery();
  const onLoginPage = location.pathname === '/hub/login';
  // Already signed in? /hub/login has nothing to do; the hub itself renders this page only when signed out.
  const me = trpc.auth.me.useQuery(undefined, { enabled: onLoginPage, retry: false });
  const login = trpc.auth.login.useMutation();
  const { register, handleSubmit, setValue, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = 'Sign in — Clientflow';
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    const result = await login.mutateAsync(values).catch(() => null);
    if (!result?.authToken) return;
    utils.invalidate();
    await utils.auth.me.fetch();
    if (onLoginPage) navigate('/hub', { replace: true });
  });

  if (onLoginPage && me.data) return <Navigate to="/hub" replace />;
  const alert = login.error ? login.error.message || M.auth.invalidCredentialsAlert : null;

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
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {alert && <Alert>{alert}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" autoFocus placeholder="you@agency.com" error={formState.errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          {/* Password reset arrives with e-mail delivery; the link is inert until then, as the spec has it. */}
          <a href="#" onClick={(e) => e.preventDefault()} className="text-sm text-brand-700 hover:underline">
            {M.auth.forgotPassword}
          </a>
        </div>
        <Button type="submit" className="w-full" busy={login.isPending}>
          {login.isPending ? M.auth.signingIn : M.auth.signIn}
        </Button>
      </form>
      {demo.data && (
        <div className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
          <div className="flex items-center gap-2 font-medium">
            <KeyRound className="size-4" aria-hidden /> {M.auth.demoHint}
          </div>
          <p className="mt-1">
            Admin: <span className="font-mono">{demo.data.email}</span> / <span className="font-mono">{demo.data.password}</span>
          </p>
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-700 hover:underline"
            onClick={() => {
              setValue('email', demo.data!.email);
              setValue('password', demo.data!.password);
            }}
          >
            Fill in the demo account
          </button>
        </div>
      )}
    </AuthCard>
  );
}
