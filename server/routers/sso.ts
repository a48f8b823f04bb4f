import { TRPCError } from '@trpc/server';
import {
  ssoAudienceInput,
  ssoOkOutput,
  ssoOptionOutput,
  ssoSaveInput,
  ssoSaveOutput,
  ssoSettingsOutput,
  ssoSlugInput,
  ssoTestResultInput,
  ssoTestResultOutput,
  ssoTestStartOutput,
  ssoUnblockInput,
} from '../../shared/schemas/sso';
import { clientSsoOption, staffSsoOption } from '../domain/sso/options';
import { removeSsoConnection, saveSsoConnection, ssoSettings, unblockUser } from '../domain/sso/settings';
import { beginSsoTest, SsoRefused, ssoTestResult } from '../domain/sso/sign-in';
import { requestOrigin } from '../http/sso';
import { permittedProcedure, publicProcedure, router } from '../trpc';

/** The owner's single sign-on settings: a signed-in owner session only (like the two-factor switch), never an API token. */
const ownerProcedure = permittedProcedure('security.manage', { sessionOnly: true });

/** A refusal of the flow's start (the provider does not answer) as the API's error. */
const asApiError = (error: unknown): never => {
  if (error instanceof SsoRefused)
    throw new TRPCError({ code: error.status === 404 ? 'NOT_FOUND' : 'PRECONDITION_FAILED', message: error.message });
  throw error;
};

/**
 * Single sign-on with an OpenID Connect provider (issue 32). The sign-in itself is browser redirects under
 * /auth/oidc/... and /auth/portal/oidc/... (server/http/sso.ts); these are Account → Security's settings and the
 * sign-in pages' question whether to show the button.
 */
export const ssoRouter = router({
  /** Both connections (never their secrets), the redirect URLs to register, and the users the provider blocked. */
  settings: ownerProcedure
    .output(ssoSettingsOutput)
    .query(({ ctx }) => ssoSettings(ctx, requestOrigin(ctx.app.env, ctx.req))),

  /** Creates or replaces the audience's connection; the issuer's discovery must answer first. */
  save: ownerProcedure
    .input(ssoSaveInput)
    .output(ssoSaveOutput)
    .mutation(({ ctx, input }) => saveSsoConnection(ctx, input)),

  remove: ownerProcedure
    .input(ssoAudienceInput)
    .output(ssoOkOutput)
    .mutation(({ ctx, input }) => removeSsoConnection(ctx, input.audience)),

  /** Lets a user the provider refused sign in again. */
  unblock: ownerProcedure
    .input(ssoUnblockInput)
    .output(ssoOkOutput)
    .mutation(({ ctx, input }) => unblockUser(ctx, input.userId)),

  /** "Test connection": the provider's URL to open in a new tab, and the test to ask testResult about. */
  startTest: ownerProcedure
    .input(ssoAudienceInput)
    .output(ssoTestStartOutput)
    .mutation(({ ctx, input }) =>
      beginSsoTest(ctx, requestOrigin(ctx.app.env, ctx.req), input.audience).catch(asApiError),
    ),

  /** What the provider sent during the test, or why it was refused; done: false while the owner is still there. */
  testResult: ownerProcedure
    .input(ssoTestResultInput)
    .output(ssoTestResultOutput)
    .query(({ ctx, input }) => ssoTestResult(ctx, input.test)),

  /** The hub's sign-in page: whether any agency here signs its team in with single sign-on. */
  staffOption: publicProcedure.output(ssoOptionOutput).query(({ ctx }) => staffSsoOption(ctx.app)),

  /** A portal's sign-in page: whether its agency lets clients sign in with single sign-on. */
  clientOption: publicProcedure
    .input(ssoSlugInput)
    .output(ssoOptionOutput)
    .query(({ ctx, input }) => clientSsoOption(ctx.app, input.slug)),
});
