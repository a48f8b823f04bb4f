import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CircleCheck, Link2Off, ShieldOff, TimerOff, type LucideIcon } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { Alert, Spinner } from '../../ui/Feedback';
import { PortalAuthFrame } from './PortalBrand';
import { PortalNotice } from './PortalForgotPasswordPage';
import { buttonInk } from './branding';
import { usePortalBranding } from './useBranding';
import { portalPath } from './session';

type Problem = { title: string; message: string; Icon: LucideIcon };

/** How the server refuses a sign-in link: unknown, used, expired, or the client's access turned off. */
const problems: Record<string, Problem> = {
  NOT_FOUND: { title: M.magicLink.problem.invalid, message: M.magicLink.invalid, Icon: Link2Off },
  CONFLICT: { title: M.magicLink.problem.used, message: M.magicLink.used, Icon: CircleCheck },
  PRECONDITION_FAILED: { title: M.magicLink.problem.expired, message: M.magicLink.expired, Icon: TimerOff },
  FORBIDDEN: { title: M.portalAuth.inviteProblem.noAccess, message: M.portalAuth.noAccess, Icon: ShieldOff },
};

/**
 * /portal/{slug}/magic/{token}: the link from the sign-in e-mail. Opening it only reads it; the button spends it and
 * signs in, so a mail scanner that opens links does not use it up.
 */
export default function PortalMagicLinkPage() {
  const { slug = '', token = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const brand = usePortalBranding(slug);
  const consume = trpc.portalAuth.consumeMagicLink.useMutation();
  // Once used, the link is not checked again (it would now answer "already used").
  const check = trpc.portalAuth.checkMagicLink.useQuery(
    { slug, token },
    { retry: false, enabled: !!slug && !!token && !consume.isSuccess },
  );
  const [failure, setFailure] = useState<unknown>(null);
  const refusal = failure ?? (check.isError ? check.error : null);
  const problem = !slug || !token ? problems.NOT_FOUND! : refusal ? (problems[errorCode(refusal) ?? ''] ?? null) : null;
  useDocumentTitle(
    problem ? problem.title : check.data ? M.magicLink.pageTitle(check.data.businessName) : M.portalAuth.loginTitle,
  );

  const signIn = async () => {
    setFailure(null);
    try {
      await consume.mutateAsync({ slug, token });
    } catch (error) {
      setFailure(error);
      return;
    }
    // The reply set the portal session cookie: the dashboard opens with its user already known.
    await utils.portalAuth.me.fetch(undefined, { staleTime: 0 }).catch(() => undefined);
    navigate(portalPath(slug, 'dashboard'), { replace: true });
  };

  if (problem)
    return (
      <PortalAuthFrame brand={brand} title={problem.title}>
        <PortalNotice
          icon={<problem.Icon className="size-5" aria-hidden />}
          tone="amber"
          text={errorText(refusal) ?? problem.message}
          slug={slug}
          brand={brand}
        />
      </PortalAuthFrame>
    );

  return (
    <PortalAuthFrame
      brand={brand}
      title={check.data ? M.magicLink.pageTitle(check.data.businessName) : M.portalAuth.loginTitle}
      subtitle={check.data ? M.magicLink.pageText(check.data.email) : undefined}
    >
      {check.isPending ? (
        <Spinner />
      ) : (
        <div className="space-y-5">
          {refusal ? <Alert>{errorText(refusal) ?? M.magicLink.failed}</Alert> : null}
          <Button
            className="h-12! w-full text-[17px]! font-semibold! hover:brightness-95 disabled:opacity-70"
            busy={consume.isPending || consume.isSuccess}
            onClick={() => void signIn()}
            style={brand ? { backgroundColor: brand.primaryColor, color: buttonInk(brand) } : undefined}
            autoFocus
          >
            {consume.isPending || consume.isSuccess ? M.magicLink.continuing : M.magicLink.continue}
          </Button>
        </div>
      )}
    </PortalAuthFrame>
  );
}
