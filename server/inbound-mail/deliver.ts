/**
 * One e-mail reply, received by the SMTP listener or read from the IMAP mailbox, from its parsed form to the registered
 * handler (server/inbound-mail/replies.ts). Every check comes before anything is handed over, so a refused reply leaves
 * nothing behind: the token must be valid and unexpired, the From address must be the token's recipient's, the
 * attachments must fit the upload limit, and a handler must be registered. Auto-replies (out of office, delivery
 * reports) are taken and dropped, so they never land in a thread nor bounce back and forth.
 *
 * Refusals are logged as one structured line (`inbound-mail refused`, its reason, the agency, thread and recipient
 * ids, the From address) and never with the message's text.
 */
import type { ParsedMail } from 'mailparser';
import { M } from '../../shared/messages';
import { formatFileSize } from '../../shared/file-size';
import type { Db } from '../db';
import { log } from '../log';
import { stripQuotedReply } from './quotes';
import { ReplyRefused, type InboundAttachment, type ReplyHandlerRegistry } from './replies';
import { resolveReplyToken, type ResolvedReplyToken } from './reply-tokens';

type RefusalReason =
  | 'unknown-address'
  | 'expired-address'
  | 'wrong-sender'
  | 'too-large'
  | 'empty'
  | 'unreadable'
  | 'no-handler'
  | 'handler-refused'
  | 'handler-failed';

/** An SMTP answer: 4xx asks the sender to try again later, 5xx refuses for good. */
export type SmtpAnswer = { code: number; message: string };

export type DeliveryOutcome =
  | { status: 'delivered' }
  | { status: 'ignored'; reason: 'auto-reply' }
  | { status: 'refused'; reason: RefusalReason; temporary: boolean; answer: SmtpAnswer };

export type InboundDeps = {
  db: Db;
  registry: ReplyHandlerRegistry;
  /** MAX_UPLOAD_BYTES: the attachments of one reply together. */
  maxBytes: number;
  now?: () => Date;
};

/** The most a whole message may be on the wire: the attachments' limit in base64 (4/3), plus 1 MiB of text and headers. */
export const wireLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 1024 * 1024;

const T = M.mail.inbound;
const permanent = (code: number, enhanced: string, text: string): SmtpAnswer => ({
  code,
  message: `${enhanced} ${text}`,
});

export const ANSWERS = {
  notReplyAddress: permanent(550, '5.1.1', T.notReplyAddress),
  oneRecipient: { code: 452, message: `4.5.3 ${T.oneRecipient}` },
  unknownAddress: permanent(550, '5.1.1', T.unknownAddress),
  expiredAddress: permanent(550, '5.1.1', T.expiredAddress),
  wrongSender: permanent(550, '5.7.1', T.wrongSender),
  tooLarge: (maxBytes: number) => permanent(552, '5.3.4', T.tooLarge(formatFileSize(maxBytes))),
  empty: permanent(550, '5.6.0', T.empty),
  unreadable: permanent(554, '5.6.0', T.unreadable),
  notTaken: { code: 451, message: `4.3.0 ${T.notTaken}` },
  notSaved: { code: 451, message: `4.3.0 ${T.notSaved}` },
} satisfies Record<string, SmtpAnswer | ((n: number) => SmtpAnswer)>;

/** The answer for a token that is not valid, or null when it is. */
export function tokenRefusal(status: 'malformed' | 'unknown' | 'expired' | 'valid'): DeliveryOutcome | null {
  if (status === 'valid') return null;
  return status === 'expired'
    ? { status: 'refused', reason: 'expired-address', temporary: false, answer: ANSWERS.expiredAddress }
    : { status: 'refused', reason: 'unknown-address', temporary: false, answer: ANSWERS.unknownAddress };
}

/** Out-of-office answers, vacation notices and delivery reports (RFC 3834, RFC 6522, and what Exchange writes). */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? value.toLowerCase() : '';
  };
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (header('x-autoreply') || header('x-autorespond')) return true;
  if (['auto_reply', 'bulk', 'junk', 'list'].includes(header('precedence'))) return true;
  const contentType = mail.headers.get('content-type') as { value?: string } | undefined;
  return contentType?.value?.toLowerCase() === 'multipart/report';
}

/** The single From address of the mail, lower-cased; null when there is none or more than one. */
function senderOf(mail: ParsedMail): string | null {
  const addresses = (mail.from?.value ?? []).map((a) => a.address?.trim().toLowerCase()).filter(Boolean);
  return addresses.length === 1 ? (addresses[0] as string) : null;
}

function logRefusal(
  reason: RefusalReason,
  details: { via: 'smtp' | 'imap'; reply?: ResolvedReplyToken; from?: string | null; error?: unknown },
) {
  const { via, reply, from, error } = details;
  const line = {
    event: 'inbound-mail refused',
    reason,
    via,
    ...(reply
      ? {
          businessId: reply.businessId,
          threadId: reply.threadId,
          recipientKind: reply.recipient.kind,
          recipientId: reply.recipient.id,
        }
      : {}),
    ...(from !== undefined ? { from } : {}),
    ...(error ? { err: error } : {}),
  };
  if (reason === 'handler-failed') log.error(line, 'inbound-mail refused');
  else log.warn(line, 'inbound-mail refused');
}

/** Every check, then the handler: what to answer the sender (SMTP) or do with the mail (IMAP). */
export async function deliverReply(
  deps: InboundDeps,
  input: { token: string; mail: ParsedMail; via: 'smtp' | 'imap' },
): Promise<DeliveryOutcome> {
  const { mail, via } = input;
  const now = deps.now?.() ?? new Date();
  const lookup = await resolveReplyToken(deps.db, input.token, now);
  if (lookup.status !== 'valid') {
    const refusal = tokenRefusal(lookup.status) as DeliveryOutcome & { status: 'refused' };
    logRefusal(refusal.reason, { via });
    return refusal;
  }
  const reply = lookup.reply;
  const from = senderOf(mail);
  const refuse = (reason: RefusalReason, answer: SmtpAnswer, error?: unknown): DeliveryOutcome => {
    logRefusal(reason, { via, reply, from, error });
    return { status: 'refused', reason, temporary: answer.code < 500, answer };
  };
  if (from !== reply.recipient.email.toLowerCase()) return refuse('wrong-sender', ANSWERS.wrongSender);
  if (isAutomatic(mail)) {
    log.info(
      { event: 'inbound-mail ignored', reason: 'auto-reply', via, businessId: reply.businessId },
      'inbound-mail ignored',
    );
    return { status: 'ignored', reason: 'auto-reply' };
  }
  // Files embedded in the HTML body (multipart/related: signature logos, tracking pixels) are not the reply's files.
  const attachments: InboundAttachment[] = mail.attachments
    .filter((a) => !a.related)
    .map((a, index) => ({
      filename: a.filename?.trim() || `attachment-${index + 1}`,
      contentType: a.contentType || 'application/octet-stream',
      content: a.content,
    }));
  const bytes = attachments.reduce((sum, a) => sum + a.content.length, 0);
  if (bytes > deps.maxBytes) return refuse('too-large', ANSWERS.tooLarge(deps.maxBytes));
  const text = stripQuotedReply(mail.text ?? '');
  if (!text && attachments.length === 0) return refuse('empty', ANSWERS.empty);
  const handler = deps.registry.current;
  if (!handler) return refuse('no-handler', ANSWERS.notTaken);
  try {
    await handler({
      businessId: reply.businessId,
      threadId: reply.threadId,
      recipient: reply.recipient,
      text,
      attachments,
      messageId: mail.messageId ?? null,
      via,
    });
  } catch (error) {
    if (error instanceof ReplyRefused) return refuse('handler-refused', permanent(550, '5.7.1', error.message));
    return refuse('handler-failed', ANSWERS.notSaved, error);
  }
  log.info(
    {
      event: 'inbound-mail delivered',
      via,
      businessId: reply.businessId,
      threadId: reply.threadId,
      recipientKind: reply.recipient.kind,
      recipientId: reply.recipient.id,
      attachments: attachments.length,
    },
    'inbound-mail delivered',
  );
  return { status: 'delivered' };
}
