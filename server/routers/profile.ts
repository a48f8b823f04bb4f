import {
  changePasswordInput,
  changePasswordOutput,
  profileOutput,
  profileUpdateInput,
} from '../../shared/schemas/profile';
import { changePassword, updateProfile } from '../domain/profile';
import { router, sessionProcedure } from '../trpc';

/** The signed-in user's own account. A signed-in session only: an API token cannot change the e-mail or password it belongs to. */
export const profileRouter = router({
  /** Name and e-mail. A new e-mail voids the reset links sent to the old one. */
  update: sessionProcedure
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),

  /**
   * A new password, given the current one (throttled like a sign-in: guesses of the current password count against
   * the account). Every other session of the user and every unused reset link ends; this session stays. The user's
   * API tokens are revoked too unless revokeApiTokens is false (the dialog's switch, on by default).
   */
  changePassword: sessionProcedure
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
});
