/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT; the `smtp-server` package): the host the MX record of INBOUND_DOMAIN
 * names delivers replies here, directly on port 25 forwarded to this port or through a relay (README, "Replies by
 * e-mail"). It answers as early as it can, so a refused reply is never even received:
 * - RCPT: only `reply+<token>@INBOUND_DOMAIN` with a well-formed, known and unexpired token (550 otherwise), one
 *   reply address per transaction (452 asks the sender to send the others separately, RFC 5321 §4.5.3.1.10);
 * - SIZE: the limit is announced (EHLO) and a larger declared size is refused at MAIL (552); a message that grows past
 *   it anyway stops being parsed at once and is refused (552), nothing kept;
 * - DATA: mailparser's simpleParser, then server/inbound-mail/deliver.ts (sender, handler), whose answer is the reply.
 * No AUTH (nobody signs in to send replies) and no STARTTLS (put a relay in front to receive over TLS).
 */
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { log } from '../log';
import { ANSWERS, deliverReply, tokenRefusal, wireLimit, type InboundDeps, type SmtpAnswer } from './deliver';
import { replyTokenOf, resolveReplyToken } from './reply-tokens';

export type SmtpListenerOptions = InboundDeps & {
  port: number;
  host: string;
  /** INBOUND_DOMAIN: the domain of the reply addresses. */
  domain: string;
  /** Connections served at once (more wait for a free one: the sender retries). */
  maxClients?: number;
};

export type SmtpListener = { port: number; close: () => Promise<void> };

const smtpError = (answer: SmtpAnswer) => Object.assign(new Error(answer.message), { responseCode: answer.code });

/** simpleParser's options: the text is what counts; no HTML is built from it, no links rewritten. */
export const PARSE_OPTIONS = {
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  maxHtmlLengthToParse: 2 * 1024 * 1024,
} as const;

/** Passes the message through until the server says it is over the limit, then swallows the rest. */
class SizeGuard extends Transform {
  constructor(private readonly source: SMTPServerDataStream) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    done(null, this.source.sizeExceeded ? undefined : chunk);
  }
}

export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { db, domain } = options;
  const size = wireLimit(options.maxBytes);
  const server = new SMTPServer({
    name: domain,
    banner: 'Clientflow replies',
    size,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxClients: options.maxClients ?? 20,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    logger: false,
    // The client's host name is not used for anything: no reverse DNS look-up on every connection.
    disableReverseLookup: true,

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length > 0) return callback(smtpError(ANSWERS.oneRecipient));
      const token = replyTokenOf(address.address, domain);
      if (!token) return callback(smtpError(ANSWERS.notReplyAddress));
      resolveReplyToken(db, token, options.now?.())
        .then((lookup) => {
          const refusal = tokenRefusal(lookup.status);
          if (refusal?.status === 'refused') {
            log.warn({ event: 'inbound-mail refused', reason: refusal.reason, via: 'smtp' }, 'inbound-mail refused');
            return callback(smtpError(refusal.answer));
          }
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error, via: 'smtp' }, 'inbound-mail: the reply address could not be checked');
          callback(smtpError(ANSWERS.notSaved));
        });
    },

    onData(stream, session, callback) {
      const token = replyTokenOf(session.envelope.rcptTo[0]?.address ?? '', domain) ?? '';
      const guard = new SizeGuard(stream);
      stream.pipe(guard);
      let parsed: ParsedMail | null = null;
      let unreadable = false;
      const parsing = simpleParser(guard, PARSE_OPTIONS).then(
        (mail) => {
          parsed = mail;
        },
        () => {
          unreadable = true;
        },
      );
      stream.once('end', () => {
        void parsing.then(async () => {
          // Over the limit: smtp-server answers 552 itself, whatever is said here; nothing was handed over.
          if (stream.sizeExceeded) {
            log.warn(
              { event: 'inbound-mail refused', reason: 'too-large', via: 'smtp', bytes: stream.byteLength },
              'inbound-mail refused',
            );
            return callback(smtpError(ANSWERS.tooLarge(options.maxBytes)));
          }
          if (unreadable || !parsed) return callback(smtpError(ANSWERS.unreadable));
          try {
            const outcome = await deliverReply(options, { token, mail: parsed, via: 'smtp' });
            if (outcome.status === 'refused') return callback(smtpError(outcome.answer));
            callback(null, 'OK: reply received');
          } catch (error) {
            log.error({ err: error, via: 'smtp' }, 'inbound-mail: the reply could not be delivered');
            callback(smtpError(ANSWERS.notSaved));
          }
        });
      });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound-mail: SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
