import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { ClientTeamPolicyCard } from './ClientTeamPolicyCard';
import { RequireTwoFactorCard } from './RequireTwoFactorCard';
import { SessionsCard } from './SessionsCard';
import { SignInPolicyCard } from './SignInPolicyCard';
import { SsoCard } from './SsoCard';

/**
 * Account → Security (issue 32): how the team and the agency's clients sign in. Each section is its own card and
 * component; the owner's policies (security.manage) sit under what every staff member manages for themselves.
 */
export function SecurityPanel() {
  const { user } = useSession();
  const owner = !!user && can(user.role, 'security.manage');
  return (
    <div className="max-w-4xl space-y-6">
      {owner && <RequireTwoFactorCard />}
      {owner && <SignInPolicyCard />}
      <SessionsCard />
      {owner && <SsoCard audience="staff" />}
      {owner && <SsoCard audience="client" />}
      {owner && <ClientTeamPolicyCard />}
    </div>
  );
}
