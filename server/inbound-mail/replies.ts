/**
 * Where an e-mail reply goes once it has passed every check (server/inbound-mail/deliver.ts): the one handler the
 * messages domain registers at start-up (`replyHandlers.register(onReply)`). Until one is registered, replies are
 * refused with a temporary failure, so the sending server keeps them and tries again later.
 */
import type { ResolvedRecipient } from './reply-tokens';

export type InboundAttachment = { filename: string; contentType: string; content: Buffer };

export type InboundReply = {
  businessId: number;
  /** The thread the reply address was made for (ReplyToken.threadId). */
  threadId: number;
  /** The token's recipient; the mail's From address is theirs (checked). */
  recipient: ResolvedRecipient;
  /** The reply without its quoted history and signature (server/inbound-mail/quotes.ts). */
  text: string;
  attachments: InboundAttachment[];
  /** The mail's Message-ID, to recognise a mail delivered twice (a sender retrying after a lost answer). */
  messageId: string | null;
  /** 'smtp' (the listener) or 'imap' (the polled mailbox). */
  via: 'smtp' | 'imap';
};

/** Thrown by a handler for a reply that must never be retried: its sender gets a permanent refusal with `message`. */
export class ReplyRefused extends Error {}

export type ReplyHandler = (reply: InboundReply) => Promise<void>;

/** One handler at a time; register returns the function that removes it again. */
export class ReplyHandlerRegistry {
  private handler: ReplyHandler | null = null;

  register(handler: ReplyHandler): () => void {
    this.handler = handler;
    return () => {
      if (this.handler === handler) this.handler = null;
    };
  }

  get current(): ReplyHandler | null {
    return this.handler;
  }
}

/** The app's registry: the SMTP listener and the IMAP poller deliver to it. */
export const replyHandlers = new ReplyHandlerRegistry();
