import { z } from 'zod';
import { liveEventsInput, liveTypingInput } from '../../shared/schemas/live';
import { portalLiveEvents, portalTyping, staffLiveEvents, staffTyping } from '../domain/live';
import { portalProcedure, router, staffProcedure } from '../trpc';

const typingOutput = z.object({ sent: z.boolean() });

/** Live updates for the hub: every event of the agency, over server-sent events (server/live). */
export const liveRouter = router({
  events: staffProcedure.input(liveEventsInput).subscription(({ ctx, input, signal }) =>
    staffLiveEvents(ctx, {
      lastEventId: input?.lastEventId,
      signal,
      recheck: async () => {
        const session = await ctx.sessions.reread('staff');
        return session !== null && session.user.id === ctx.user.id && !session.twoFactorSetupNeeded;
      },
    }),
  ),
  typing: staffProcedure
    .input(liveTypingInput)
    .output(typingOutput)
    .mutation(({ ctx, input }) => staffTyping(ctx, input)),
});

/** Live updates for the portal: what the client's company may see; ends when the client loses access. */
export const portalLiveRouter = router({
  events: portalProcedure.input(liveEventsInput).subscription(({ ctx, input, signal }) =>
    portalLiveEvents(ctx, {
      lastEventId: input?.lastEventId,
      signal,
      recheck: async () => {
        const session = await ctx.sessions.reread('portal');
        return session !== null && session.contact.id === ctx.contactId && session.contact.companyId === ctx.companyId;
      },
    }),
  ),
  typing: portalProcedure
    .input(liveTypingInput.pick({ channel: true }))
    .output(typingOutput)
    .mutation(({ ctx, input }) => portalTyping(ctx, input)),
});
