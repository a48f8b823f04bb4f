import nodemailer from 'nodemailer';
import { M } from '../shared/messages';
import type { Env } from './env';
import { log as appLog, redactText } from './log';

/** replyTo: where a reply goes (a thread's reply address, server/inbound-mail), when not the From address. */
export type MailMessage = { to: string; subject: string; text: string; replyTo?: string };

/**
 * Outgoing mail over SMTP (nodemailer). Without SMTP_URL nothing is sent: the message is logged (its one-time links
 * and tokens masked: the hub shows such links to copy instead), and callers say so.
 */
export class Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport> | null;

  constructor(
    private readonly settings: { smtpUrl?: string; from?: string },
    private readonly log: (line: string, failed?: boolean) => void = (line, failed) =>
      failed ? appLog.warn(line) : appLog.info(line),
  ) {
    this.transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  }

  static fromEnv(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>) {
    return new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** The From address (MAIL_FROM), null when none is set (nodemailer then uses the SMTP account's). */
  get from(): string | null {
    return this.settings.from || null;
  }

  /** true when the SMTP server accepted the message; false when mail is not configured (the message is logged). */
  async send(message: MailMessage): Promise<boolean> {
    if (!this.transport) {
      this.log(
        `[mail] ${M.mail.notConfigured}\n  To: ${message.to}\n  Subject: ${message.subject}\n${redactText(message.text).replace(/^/gm, '  | ')}`,
      );
      return false;
    }
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    return true;
  }

  /**
   * send, for a reply that must not hang or fail because of mail: never throws, never waits longer than timeoutMs
   * (an unreachable SMTP host would hold the request for minutes); a failure is logged with `what`.
   */
  async trySend(message: MailMessage, what: string, timeoutMs = 10_000): Promise<'sent' | 'not-configured' | 'failed'> {
    if (!this.transport) {
      await this.send(message);
      return 'not-configured';
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const sending = this.send(message);
      sending.catch(() => {}); // a late failure after the timeout is already reported below
      const tooSlow = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the SMTP server within ${timeoutMs} ms`)), timeoutMs);
      });
      await Promise.race([sending, tooSlow]);
      return 'sent';
    } catch (error) {
      this.log(`[mail] ${what} could not be sent: ${(error as Error).message}`, true);
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  close() {
    this.transport?.close();
  }
}
