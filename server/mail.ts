import nodemailer from 'nodemailer';
import { M } from '../shared/messages';
import type { Env } from './env';

export type MailMessage = { to: string; subject: string; text: string };

/** Outgoing mail over SMTP (nodemailer). Without SMTP_URL nothing is sent: the message is logged, and callers say so. */
export class Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport> | null;

  constructor(
    private readonly settings: { smtpUrl?: string; from?: string },
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {
    this.transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  }

  static fromEnv(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>) {
    return new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** true when the SMTP server accepted the message; false when mail is not configured (the message is logged). */
  async send(message: MailMessage): Promise<boolean> {
    if (!this.transport) {
      this.log(`[mail] ${M.mail.notConfigured}\n  To: ${message.to}\n  Subject: ${message.subject}\n${message.text.replace(/^/gm, '  | ')}`);
      return false;
    }
    await this.transport.sendMail({ from: this.settings.from, to: message.to, subject: message.subject, text: message.text });
    return true;
  }

  close() {
    this.transport?.close();
  }
}
