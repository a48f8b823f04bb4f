import { M } from '../../../shared/messages';
import { tooMany, type RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';

/**
 * Makes an invite link (make) within the invitation budgets of the agency and of the user (INVITES_PER_AGENCY_PER_HOUR,
 * INVITES_PER_USER_PER_HOUR; staff invites, portal invites and new links all count): past either, 429 with the minutes
 * to wait, and nothing is made or mailed. Call it after every other check, so only a link that is made spends budget;
 * when make fails, the budget comes back.
 */
export function withinInviteBudget<T>(
  scope: Pick<StaffScope, 'app' | 'businessId' | 'user'> & Pick<RequestScope, 'res'>,
  make: () => Promise<T>,
): Promise<T> {
  return withinInviteBudgetOf(scope, scope.user.id, make);
}

/** The same budgets for another inviter: `who` is a staff user's id, or a key of a client admin's ("contact:<id>"). */
export async function withinInviteBudgetOf<T>(
  scope: Pick<StaffScope, 'app' | 'businessId'> & Pick<RequestScope, 'res'>,
  who: number | string,
  make: () => Promise<T>,
): Promise<T> {
  const { env, throttle } = scope.app;
  const budget = { perAgency: env.INVITES_PER_AGENCY_PER_HOUR, perUser: env.INVITES_PER_USER_PER_HOUR };
  const ticket = await throttle.beginInvite(scope.businessId, who, budget);
  if (ticket.retryAfter > 0) {
    const who = ticket.spent ?? 'user';
    tooMany(
      scope,
      ticket.retryAfter,
      M.team.invitesThrottled(who, who === 'agency' ? budget.perAgency : budget.perUser, ticket.retryAfter),
    );
  }
  try {
    return await make();
  } catch (error) {
    await throttle.inviteNotMade(ticket);
    throw error;
  }
}
