import { emailStatusOutput, testEmailOutput } from '../../shared/schemas/integrations';
import { emailStatus, sendTestEmail } from '../domain/integrations';
import { permittedProcedure, router } from '../trpc';

/** The Integrations tab's e-mail card: whether outgoing mail is set up (SMTP_URL, MAIL_FROM), and a test send. */
export const integrationsRouter = router({
  emailStatus: permittedProcedure('integrations.manage')
    .output(emailStatusOutput)
    .query(({ ctx }) => emailStatus(ctx)),

  /** A test e-mail to the signed-in user's own address (never another one); a few per user per 15 minutes. */
  sendTestEmail: permittedProcedure('integrations.manage')
    .output(testEmailOutput)
    .mutation(({ ctx }) => sendTestEmail(ctx)),
});
