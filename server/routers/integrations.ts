import { emailStatusOutput, testEmailOutput } from '../../shared/schemas/integrations';
import { M } from '../../shared/messages';
import { permittedProcedure, router } from '../trpc';
import { tooMany } from './auth';

/** The Integrations tab's e-mail card: whether outgoing mail is set up (SMTP_URL, MAIL_FROM), and a test send. */
export const integrationsRouter = router({
  emailStatus: permittedProcedure('integrations.manage')
    .output(emailStatusOutput)
    .query(({ ctx }) => ({ configured: ctx.app.mailer.configured, from: ctx.app.mailer.from })),

  /** A test e-mail to the signed-in user's own address (never another one); a few per user per 15 minutes. */
  sendTestEmail: permittedProcedure('integrations.manage')
    .output(testEmailOutput)
    .mutation(async ({ ctx }) => {
      const wait = await ctx.app.throttle.beginTestMail(ctx.user.id);
      if (wait > 0) tooMany(ctx, wait, M.integrations.testThrottled);
      const to = ctx.user.email;
      const reason = await ctx.app.mailer.trySend(
        { to, subject: M.integrations.testSubject, text: M.integrations.testText(ctx.user.firstName) },
        `the test e-mail to user ${ctx.user.id}`,
      );
      return { sent: reason === 'sent', to, reason };
    }),
});
