import {
  endOtherSessionsOutput,
  endSessionInput,
  endSessionOutput,
  signInPolicyInput,
  signInPolicyOutput,
  staffSessionsOutput,
} from '../../shared/schemas/security';
import { endOtherSessions, endSession, getSignInPolicy, listSessions, updateSignInPolicy } from '../domain/security';
import { permittedProcedure, router, sessionProcedure } from '../trpc';

/**
 * Account → Security (issue 32): the owner's sign-in policy, and each staff member's own sessions (a signed-in
 * session only: an API token neither lists nor ends sessions).
 */
export const securityRouter = router({
  /** GET /api/business/sign-in-policy: clients by e-mailed link only, and the session lifetime (owner). */
  policy: permittedProcedure('security.manage')
    .output(signInPolicyOutput)
    .query(({ ctx }) => getSignInPolicy(ctx)),

  /** PUT /api/business/sign-in-policy {clientMagicLinkOnly?, sessionLifetimeDays?} (owner). */
  updatePolicy: permittedProcedure('security.manage', { sessionOnly: true })
    .input(signInPolicyInput)
    .output(signInPolicyOutput)
    .mutation(({ ctx, input }) => updateSignInPolicy(ctx, input)),

  /** GET /api/account/sessions: the signed-in user's sessions, this one first. */
  sessions: sessionProcedure.output(staffSessionsOutput).query(({ ctx }) => listSessions(ctx)),

  /** DELETE /api/account/sessions/{key}: ends one of the user's sessions at once (this one: signed out here). */
  endSession: sessionProcedure
    .input(endSessionInput)
    .output(endSessionOutput)
    .mutation(async ({ ctx, input }) => {
      const done = await endSession(ctx, input);
      if (done.current) ctx.sessions.clearSessionCookie('staff');
      return done;
    }),

  /** POST /api/account/sessions/end-others: every other session of the user ends at once. */
  endOtherSessions: sessionProcedure.output(endOtherSessionsOutput).mutation(({ ctx }) => endOtherSessions(ctx)),
});
