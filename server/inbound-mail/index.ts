/**
 * E-mail replies into message threads (issue 30's e-mail bridge), inbound side: reply addresses (reply-tokens.ts),
 * quote stripping (quotes.ts), the checks and the handler registry (deliver.ts, replies.ts), and the two ways mail
 * comes in: an SMTP listener (smtp.ts, INBOUND_SMTP_PORT) and a polled IMAP mailbox (imap.ts, INBOUND_IMAP_URL).
 * The messages domain registers its handler with `replyHandlers.register(…)` and asks `replyAddressFor(…)` for the
 * Reply-To of each e-mail it sends.
 */
import type { Database } from '../db';
import type { Env } from '../env';
import { log } from '../log';
import { startImapPoller, type ImapPoller } from './imap';
import { replyHandlers } from './replies';
import { startSmtpListener, type SmtpListener } from './smtp';

/** @public What the messages domain uses (not wired yet): the addresses it sends, the registry it plugs into. */
export { replyAddressFor, resolveReplyToken } from './reply-tokens';
/** @public */
export { ReplyRefused, replyHandlers, type InboundReply, type ReplyHandler } from './replies';

/** Starts what the configuration asks for (nothing without INBOUND_SMTP_PORT or INBOUND_IMAP_URL). */
export async function startInboundMail(
  env: Pick<
    Env,
    | 'INBOUND_DOMAIN'
    | 'INBOUND_SMTP_PORT'
    | 'INBOUND_SMTP_HOST'
    | 'INBOUND_IMAP_URL'
    | 'INBOUND_IMAP_POLL_SECONDS'
    | 'MAX_UPLOAD_BYTES'
  >,
  database: Pick<Database, 'db'>,
): Promise<{ stop: () => Promise<void> }> {
  const domain = env.INBOUND_DOMAIN;
  if (!domain) return { stop: async () => {} };
  const deps = { db: database.db, registry: replyHandlers, maxBytes: env.MAX_UPLOAD_BYTES };
  let smtp: SmtpListener | null = null;
  let imap: ImapPoller | null = null;
  if (env.INBOUND_SMTP_PORT) {
    smtp = await startSmtpListener({ ...deps, domain, port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST });
    log.info(
      { host: env.INBOUND_SMTP_HOST, port: smtp.port, domain },
      `Replies by e-mail: SMTP on ${env.INBOUND_SMTP_HOST}:${smtp.port} for reply+…@${domain}`,
    );
  }
  if (env.INBOUND_IMAP_URL) {
    imap = startImapPoller({ ...deps, domain, url: env.INBOUND_IMAP_URL, pollSeconds: env.INBOUND_IMAP_POLL_SECONDS });
    const host = new URL(env.INBOUND_IMAP_URL).hostname;
    log.info(
      { host, pollSeconds: env.INBOUND_IMAP_POLL_SECONDS, domain },
      `Replies by e-mail: reading the mailbox on ${host} every ${env.INBOUND_IMAP_POLL_SECONDS} s`,
    );
  }
  return {
    stop: async () => {
      await Promise.all([smtp?.close(), imap?.stop()]);
    },
  };
}
