import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; replyTo: string | null };

/**
 * A real SMTP server in the test process (the `smtp-server` package): the app sends to it over TCP exactly as it
 * would to a provider, and tests read what arrived. No TLS, any credentials accepted.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            replyTo: parsed.replyTo?.value[0]?.address ?? null,
          };
          received.push(mail);
          for (const waiter of waiters.splice(0)) waiter.match(mail) ? waiter.resolve(mail) : waiters.push(waiter);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    /** The first mail to `address` (already received, or the next to arrive within timeoutMs). */
    waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const match = (m: ReceivedMail) => m.to.includes(address.toLowerCase());
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    /** The first link in a mail's text that starts with `prefix` (a path such as /portal/). */
    linkIn(mail: ReceivedMail, pathPrefix: string): string {
      const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
      if (!url) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
      return url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
