import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages';
import { useSession } from '../../app/useSession';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { TwoFactorCard } from './TwoFactorCard';

const T = M.twoFactor;

/**
 * What the hub shows instead of itself while the agency requires two-factor sign-in and this user has not set it up
 * (auth.me's twoFactorSetupNeeded): the server refuses everything else meanwhile. Done → auth.me changes → the hub.
 */
export default function TwoFactorSetupPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(T.setupPageTitle);
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      queryClient.clear();
      navigate('/hub/login', { replace: true });
    },
  });
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 pt-[max(2rem,8vh)] pb-10">
      <div className="mx-auto w-full max-w-3xl">
        <div className="mb-6 flex items-center justify-between gap-4">
          <Logo />
          <Button variant="ghost" size="sm" busy={logout.isPending} onClick={() => logout.mutate()}>
            {!logout.isPending && <LogOut className="size-4" aria-hidden />} {T.signOut}
          </Button>
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{T.setupPageTitle}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{T.setupPageText(user?.business.name ?? '')}</p>
        <TwoFactorCard />
      </div>
    </main>
  );
}
