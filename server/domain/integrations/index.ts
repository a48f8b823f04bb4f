/** The Integrations tab's e-mail card: whether outgoing mail is set up (SMTP_URL, MAIL_FROM), and a test send. */
import { M } from '../../../shared/messages';
import { tooMany, type RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';

export const emailStatus = (scope: Pick<StaffScope, 'app'>) => ({
  configured: scope.app.mailer.configured,
  from: scope.app.mailer.from,
});

/** A test e-mail to the signed-in user's own address (never another one); a few per user per 15 minutes. */
export async function sendTestEmail(scope: Pick<StaffScope, 'app' | 'user'> & Pick<RequestScope, 'res'>) {
  const { app, user } = scope;
  const wait = await app.throttle.beginTestMail(user.id);
  if (wait > 0) tooMany(scope, wait, M.integrations.testThrottled);
  const to = user.email;
  const reason = await app.mailer.trySend(
    { to, subject: M.integrations.testSubject, text: M.integrations.testText(user.firstName) },
    `the test e-mail to user ${user.id}`,
  );
  return { sent: reason === 'sent', to, reason };
}
