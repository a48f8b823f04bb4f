/**
 * Replies read from a mailbox (INBOUND_IMAP_URL; the `imapflow` package), for agencies that cannot receive mail on a
 * port of their own: the mailbox gets every `reply+…@INBOUND_DOMAIN` (a catch-all, or plus-addressing of
 * reply@INBOUND_DOMAIN) and this polls it every INBOUND_IMAP_POLL_SECONDS. Each unseen message goes through the same
 * checks as one received over SMTP (server/inbound-mail/deliver.ts); the reply address is read from the headers a
 * mailbox keeps (Delivered-To, X-Original-To, To, Cc), since IMAP has no envelope. Afterwards:
 * - delivered, or an auto-reply: marked \Seen (and moved to the URL's `?processed=` folder, when it names one);
 * - refused for good (unknown or expired address, wrong sender, too large, not a reply at all): \Seen and \Flagged,
 *   left where it is for a person to look at; nothing was stored;
 * - refused for now (no handler yet, the handler failed): left unseen, tried again at the next poll.
 * Run it on one app instance only: two pollers of one mailbox could take the same message at once.
 */
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { log } from '../log';
import { deliverReply, wireLimit, type InboundDeps } from './deliver';
import { replyTokenOf } from './reply-tokens';
import { PARSE_OPTIONS } from './smtp';

/** What the poller uses of an ImapFlow client (tests may hand in another). */
export type ImapClient = Pick<
  ImapFlow,
  'connect' | 'getMailboxLock' | 'search' | 'fetchOne' | 'messageFlagsAdd' | 'messageMove' | 'logout' | 'close'
>;

export type ImapSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
  processedMailbox: string | null;
};

/** The most messages one poll takes (the rest wait for the next). */
const BATCH = 50;

/** imaps://user:password@host[:port][/mailbox][?processed=Folder] → settings (imap:// upgrades with STARTTLS). */
function parseImapUrl(url: string): ImapSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX',
    processedMailbox: parsed.searchParams.get('processed') || null,
  };
}

/** The first reply address among the headers a delivered message keeps, or null. */
function replyTokenInHeaders(mail: ParsedMail, domain: string): string | null {
  const candidates: string[] = [];
  for (const name of ['delivered-to', 'x-original-to', 'envelope-to']) {
    const value = mail.headers.get(name);
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === 'string') candidates.push(...item.split(','));
  }
  for (const field of [mail.to, mail.cc])
    for (const group of Array.isArray(field) ? field : field ? [field] : [])
      for (const address of group.value) if (address.address) candidates.push(address.address);
  for (const candidate of candidates) {
    const token = replyTokenOf(candidate.trim().replace(/^<|>$/g, ''), domain);
    if (token) return token;
  }
  return null;
}

type PollResult = { delivered: number; refused: number; retried: number };

export type ImapPoller = { pollOnce: () => Promise<PollResult>; stop: () => Promise<void> };

export function startImapPoller(
  options: InboundDeps & {
    url: string;
    domain: string;
    /** Seconds between polls; 0: no timer (tests call pollOnce). */
    pollSeconds: number;
    client?: (settings: ImapSettings) => ImapClient;
  },
): ImapPoller {
  const settings = parseImapUrl(options.url);
  const limit = wireLimit(options.maxBytes);
  const newClient =
    options.client ??
    ((s: ImapSettings) =>
      new ImapFlow({
        host: s.host,
        port: s.port,
        secure: s.secure,
        auth: { user: s.user, pass: s.pass },
        logger: false,
        disableAutoIdle: true,
      }));

  async function pollOnce(): Promise<PollResult> {
    const result: PollResult = { delivered: 0, refused: 0, retried: 0 };
    const client = newClient(settings);
    await client.connect();
    try {
      const lock = await client.getMailboxLock(settings.mailbox);
      try {
        const uids = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of uids.slice(0, BATCH)) {
          const range = String(uid);
          const done = async (flags: string[], move: boolean) => {
            await client.messageFlagsAdd(range, flags, { uid: true });
            if (move && settings.processedMailbox)
              await client.messageMove(range, settings.processedMailbox, { uid: true });
          };
          const meta = await client.fetchOne(range, { size: true }, { uid: true });
          if (!meta) continue;
          if ((meta.size ?? 0) > limit) {
            log.warn(
              { event: 'inbound-mail refused', reason: 'too-large', via: 'imap', bytes: meta.size },
              'inbound-mail refused',
            );
            await done(['\\Seen', '\\Flagged'], false);
            result.refused++;
            continue;
          }
          const message = await client.fetchOne(range, { source: true }, { uid: true });
          const source = message ? message.source : undefined;
          if (!source) continue;
          let mail: ParsedMail;
          try {
            mail = await simpleParser(source, PARSE_OPTIONS);
          } catch {
            log.warn({ event: 'inbound-mail refused', reason: 'unreadable', via: 'imap' }, 'inbound-mail refused');
            await done(['\\Seen', '\\Flagged'], false);
            result.refused++;
            continue;
          }
          const token = replyTokenInHeaders(mail, options.domain);
          if (!token) {
            log.warn(
              { event: 'inbound-mail refused', reason: 'not-reply-address', via: 'imap' },
              'inbound-mail refused',
            );
            await done(['\\Seen', '\\Flagged'], false);
            result.refused++;
            continue;
          }
          const outcome = await deliverReply(options, { token, mail, via: 'imap' });
          if (outcome.status === 'refused' && outcome.temporary) {
            result.retried++;
          } else if (outcome.status === 'refused') {
            await done(['\\Seen', '\\Flagged'], false);
            result.refused++;
          } else {
            await done(['\\Seen'], true);
            result.delivered++;
          }
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return result;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped || options.pollSeconds <= 0) return;
    timer = setTimeout(() => {
      running = pollOnce()
        .catch((error: unknown) =>
          log.warn({ err: error, host: settings.host }, 'inbound-mail: the IMAP mailbox could not be read'),
        )
        .finally(schedule);
    }, options.pollSeconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    pollOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
