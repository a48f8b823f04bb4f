import {
  beginSetupOutput,
  disableInput,
  enableInput,
  recoveryCodesOutput,
  regenerateInput,
  setRequiredInput,
  setRequiredOutput,
  twoFactorStatusOutput,
} from '../../shared/schemas/two-factor';
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  twoFactorStatus,
} from '../domain/two-factor';
import { permittedProcedure, router, sessionProcedure } from '../trpc';

/**
 * The signed-in user's own two-factor sign-in (Account → Profile). A signed-in session only, like the password: an
 * API token cannot turn it off or read a secret. status, beginSetup and enable stay open while the agency requires
 * two-factor and the user has not set it up (server/trpc.ts).
 */
export const twoFactorRouter = router({
  status: sessionProcedure.output(twoFactorStatusOutput).query(({ ctx }) => twoFactorStatus(ctx)),

  /** A fresh secret, pending until enable confirms it with a code; the QR code is drawn here (no QR library in the client). */
  beginSetup: sessionProcedure.output(beginSetupOutput).mutation(({ ctx }) => beginSetup(ctx)),

  /** Confirms the pending secret with a code from the app: two-factor goes on and 10 recovery codes are shown once. */
  enable: sessionProcedure
    .input(enableInput)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx, input)),

  /** Needs the password and a code (authenticator or recovery): a session left open on a shared computer is not enough. */
  disable: sessionProcedure
    .input(disableInput)
    .output(twoFactorStatusOutput.pick({ enabled: true }))
    .mutation(({ ctx, input }) => disableTwoFactor(ctx, input)),

  /** A new set of 10 recovery codes, given an authenticator code; every earlier code stops working. */
  regenerateRecoveryCodes: sessionProcedure
    .input(regenerateInput)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx, input)),

  /**
   * Owner only: require two-factor sign-in for the whole team (Account → Team). Turning it on needs the owner's own
   * two-factor first, so the switch can never lock its owner into the set-up screen.
   */
  setRequired: permittedProcedure('security.manage', { sessionOnly: true })
    .input(setRequiredInput)
    .output(setRequiredOutput)
    .mutation(({ ctx, input }) => setTwoFactorRequired(ctx, input)),
});
