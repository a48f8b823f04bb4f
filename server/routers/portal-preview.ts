/** "Preview as this contact" (server/domain/portal-preview): the session is set as the portal cookie here. */
import { portalPreviewStartInput, portalPreviewStartOutput } from '../../shared/schemas/portal-preview';
import { startPortalPreview } from '../domain/portal-preview';
import { router, sessionProcedure } from '../trpc';

export const portalPreviewRouter = router({
  start: sessionProcedure
    .input(portalPreviewStartInput)
    .output(portalPreviewStartOutput)
    .mutation(async ({ ctx, input }) => {
      const { token, expiresAt, url } = await startPortalPreview(ctx, input);
      ctx.sessions.setSessionCookie('portal', token, expiresAt);
      return { url, expiresAt };
    }),
});
