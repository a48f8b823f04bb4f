import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE } from '../../shared/constants';
import type { Db } from '../db';

export type ThrottleLimits = {
  /** How long a sign-in attempt counts. */
  loginWindowMs: number;
  /** Sign-in attempts for one e-mail from one client address; more answer 429 until the window passes. */
  perAccountAndAddress: number;
  /** Sign-in attempts from one client address, whatever the e-mail; more answer 429. */
  perAddress: number;
  /**
   * Attempts for one e-mail from anywhere are never refused (anyone could lock the owner out),
   * only slowed down: past this many, each new attempt waits, doubling from 100 ms up to slowdownMaxMs.
   */
  slowdownAfter: number;
  slowdownMaxMs: number;
  signupWindowMs: number;
  /** Sign-ups from one client address per signupWindowMs; more answer 429. */
  signupsPerAddress: number;
  resetWindowMs: number;
  /** Password reset requests for one e-mail (whether or not it has an account) per resetWindowMs; more answer 429. */
  resetsPerAccount: number;
  /** Password reset requests from one client address per resetWindowMs, whatever the e-mail; more answer 429. */
  resetsPerAddress: number;
  testMailWindowMs: number;
  /** Test e-mails (Integrations tab) one user may send per testMailWindowMs; more answer 429. */
  testMailsPerUser: number;
  messageWindowMs: number;
  /** Messages one person (a staff user or a client contact) may post per messageWindowMs; more answer 429. */
  messagesPerPerson: number;
  /** The window of the invitation budgets (their sizes come with each call: INVITES_PER_*_PER_HOUR). */
  inviteWindowMs: number;
  magicLinkWindowMs: number;
  /** Portal sign-in links asked for one e-mail (known or not) per magicLinkWindowMs; more answer 429. */
  magicLinksPerAccount: number;
  /** Portal sign-in links asked from one client address per magicLinkWindowMs, whatever the e-mail; more answer 429. */
  magicLinksPerAddress: number;
};

/** How many invitation e-mails (or links) an agency, and one user in it, may send per inviteWindowMs. */
export type InviteBudget = { perAgency: number; perUser: number };
/** A started invitation: refused when retryAfter > 0 (seconds), saying whose budget is spent; else what to hand back. */
export type InviteTicket = { retryAfter: number; spent?: 'agency' | 'user'; ids: number[] };

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginWindowMs: LOGIN_THROTTLE.windowMs,
  perAccountAndAddress: LOGIN_THROTTLE.maxFailures,
  perAddress: 2 * LOGIN_THROTTLE.maxFailures,
  slowdownAfter: 5,
  slowdownMaxMs: 2_000,
  signupWindowMs: 60 * 60 * 1000,
  signupsPerAddress: 10,
  resetWindowMs: 60 * 60 * 1000,
  resetsPerAccount: 3,
  resetsPerAddress: 10,
  testMailWindowMs: 15 * 60 * 1000,
  testMailsPerUser: 5,
  inviteWindowMs: 60 * 60 * 1000,
  messageWindowMs: 60 * 1000,
  messagesPerPerson: 30,
  // A link lasts 15 minutes: a few tries per link's life for one inbox, a small list of addresses for one client.
  magicLinkWindowMs: 15 * 60 * 1000,
  magicLinksPerAccount: 3,
  magicLinksPerAddress: 10,
};

/** A started sign-in attempt: refused when retryAfter > 0 (seconds); else what to forgive if the password is right. */
export type LoginTicket = { retryAfter: number; forgive?: { ids: number[]; clearKeys: string[] } };

const PRUNE_EVERY_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The address a throttle counts: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix,
 * because one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const bare = ip.split('%')[0].toLowerCase();
  const [head, tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4);
  if (prefix.length < 4 || prefix.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return bare;
  return `${prefix.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Keys name what they count, with the e-mail and address hashed: the table keeps no personal data. */
const keyOf = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('base64url')}`;

/**
 * Sign-in and sign-up throttling, kept in the database (LoginAttempt rows) so that every app process
 * on one database shares it and a restart does not reset it.
 *
 * An attempt counts from the moment it starts: its rows are written first and only then counted,
 * so of many parallel guesses at most the limit get through (each one sees every row written before its count).
 * A refused attempt removes its own rows; a successful sign-in is forgiven.
 */
export class LoginThrottle {
  private readonly limits: ThrottleLimits;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    limits: Partial<ThrottleLimits> = {},
    private readonly now = () => Date.now(),
  ) {
    this.limits = { ...DEFAULT_THROTTLE_LIMITS, ...limits };
  }

  /**
   * Starts a sign-in attempt for an e-mail from a client address. Refused (retryAfter > 0 seconds) when the
   * pair or the address has used its budget; otherwise counted, and slowed down when the e-mail has many
   * recent attempts from anywhere.
   */
  async beginLogin(email: string, ip: string): Promise<LoginTicket> {
    const address = throttleAddress(ip);
    const pairKey = keyOf('login-pair', `${email}\n${address}`);
    const addressKey = keyOf('login-address', address);
    const emailKey = keyOf('login-email', email);
    const { limits } = this;
    const taken = await this.take([pairKey, addressKey, emailKey], limits.loginWindowMs, {
      [pairKey]: limits.perAccountAndAddress,
      [addressKey]: limits.perAddress,
    });
    if (taken.retryAfter > 0) return { retryAfter: taken.retryAfter };
    const earlier = taken.counts[emailKey] - 1;
    if (earlier >= limits.slowdownAfter) {
      await sleep(Math.min(limits.slowdownMaxMs, 100 * 2 ** (earlier - limits.slowdownAfter)));
    }
    // On success the attempt is forgiven for the address, and the pair and the e-mail start afresh.
    return { retryAfter: 0, forgive: { ids: taken.ids, clearKeys: [pairKey, emailKey] } };
  }

  /** The password was right. */
  async loginSucceeded(ticket: LoginTicket): Promise<void> {
    if (!ticket.forgive) return;
    const { ids, clearKeys } = ticket.forgive;
    await this.db.loginAttempt.deleteMany({ where: { OR: [{ key: { in: clearKeys } }, { id: { in: ids } }] } });
  }

  /** Starts a sign-up from a client address: 0 when allowed (and counted), else the seconds to wait. */
  async beginSignup(ip: string): Promise<number> {
    const key = keyOf('signup-address', throttleAddress(ip));
    const taken = await this.take([key], this.limits.signupWindowMs, { [key]: this.limits.signupsPerAddress });
    return taken.retryAfter;
  }

  /**
   * Starts a password reset request: 0 when allowed (and counted), else the seconds to wait. Counted per e-mail
   * (so nobody floods one inbox) and per client address (so nobody walks a list of addresses); the same whether
   * or not the e-mail has an account, so the answer tells nothing about it.
   */
  async beginPasswordReset(email: string, ip: string): Promise<number> {
    const emailKey = keyOf('reset-email', email);
    const addressKey = keyOf('reset-address', throttleAddress(ip));
    const { limits } = this;
    const taken = await this.take([emailKey, addressKey], limits.resetWindowMs, {
      [emailKey]: limits.resetsPerAccount,
      [addressKey]: limits.resetsPerAddress,
    });
    return taken.retryAfter;
  }

  /**
   * Starts a request for a portal sign-in link (server/domain/portal-auth/magic-link.ts): 0 when allowed (and counted),
   * else the seconds to wait. Counted per e-mail and per client address like a reset request, with keys of its own so
   * that asking for links never spends the reset budget (or the reverse); the same whether or not the e-mail is known.
   */
  async beginMagicLink(email: string, ip: string): Promise<number> {
    const emailKey = keyOf('magic-email', email);
    const addressKey = keyOf('magic-address', throttleAddress(ip));
    const { limits } = this;
    const taken = await this.take([emailKey, addressKey], limits.magicLinkWindowMs, {
      [emailKey]: limits.magicLinksPerAccount,
      [addressKey]: limits.magicLinksPerAddress,
    });
    return taken.retryAfter;
  }

  /**
   * Starts a two-factor code attempt (authenticator or recovery code) of a user from a client address: counted like a
   * sign-in (its own keys, the same budgets and window), so a stolen password gives no more than that many guesses.
   */
  async beginTwoFactor(userId: number, ip: string): Promise<LoginTicket> {
    const userKey = keyOf('two-factor-user', String(userId));
    const addressKey = keyOf('two-factor-address', throttleAddress(ip));
    const { limits } = this;
    const taken = await this.take([userKey, addressKey], limits.loginWindowMs, {
      [userKey]: limits.perAccountAndAddress,
      [addressKey]: limits.perAddress,
    });
    if (taken.retryAfter > 0) return { retryAfter: taken.retryAfter };
    return { retryAfter: 0, forgive: { ids: taken.ids, clearKeys: [userKey] } };
  }

  /**
   * Claims a one-time value (a user's authenticator time step) for windowMs: true the first time, false when it was
   * already claimed. Kept in the same table, so every app process sees it; written first and then counted, so of two
   * racing claims at most one wins.
   */
  async claimOnce(kind: string, value: string, windowMs: number): Promise<boolean> {
    await this.pruneNowAndThen();
    const key = keyOf(kind, value);
    const now = this.now();
    const { id } = await this.db.loginAttempt.create({ data: { key, createdAt: new Date(now) }, select: { id: true } });
    const first = await this.db.loginAttempt.findFirst({
      where: { key, createdAt: { gt: new Date(now - windowMs) } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    return first?.id === id;
  }

  /** Starts a test e-mail of a staff user: 0 when allowed (and counted), else the seconds to wait. */
  async beginTestMail(userId: number): Promise<number> {
    const key = keyOf('test-mail-user', String(userId));
    const taken = await this.take([key], this.limits.testMailWindowMs, { [key]: this.limits.testMailsPerUser });
    return taken.retryAfter;
  }

  /** Starts a message of one person ('user:12', 'contact:7'): 0 when allowed (and counted), else the seconds to wait. */
  async beginMessage(person: string): Promise<number> {
    const key = keyOf('message-person', person);
    const taken = await this.take([key], this.limits.messageWindowMs, { [key]: this.limits.messagesPerPerson });
    return taken.retryAfter;
  }

  /**
   * Starts an invitation (a staff invite, a portal invite, or a new link for either) by a staff user of an agency:
   * counted per agency (so open sign-up cannot make an agency a mail relay) and per user (so one member cannot spend
   * the whole agency's budget). Refused (retryAfter > 0 seconds) past either budget, and then nothing is counted.
   */
  async beginInvite(businessId: number, userId: number | string, budget: InviteBudget): Promise<InviteTicket> {
    const agencyKey = keyOf('invite-agency', String(businessId));
    const userKey = keyOf('invite-user', String(userId));
    const taken = await this.take([agencyKey, userKey], this.limits.inviteWindowMs, {
      [agencyKey]: budget.perAgency,
      [userKey]: budget.perUser,
    });
    if (taken.retryAfter === 0) return { retryAfter: 0, ids: taken.ids };
    return {
      retryAfter: taken.retryAfter,
      spent: taken.counts[agencyKey] > budget.perAgency ? 'agency' : 'user',
      ids: [],
    };
  }

  /** The invitation was not made after all (it failed before any link existed): its budget comes back. */
  async inviteNotMade(ticket: InviteTicket): Promise<void> {
    if (ticket.ids.length) await this.db.loginAttempt.deleteMany({ where: { id: { in: ticket.ids } } });
  }

  /** Writes one row per key, then counts each key's rows in the window (its own included). */
  private async take(keys: string[], windowMs: number, limitOf: Record<string, number>) {
    await this.pruneNowAndThen();
    const now = this.now();
    const since = new Date(now - windowMs);
    const rows = await this.db.loginAttempt.createManyAndReturn({
      data: keys.map((key) => ({ key, createdAt: new Date(now) })),
      select: { id: true },
    });
    const ids = rows.map((r) => r.id);
    const grouped = await this.db.loginAttempt.groupBy({
      by: ['key'],
      where: { key: { in: keys }, createdAt: { gt: since } },
      _count: { _all: true },
    });
    const counts = Object.fromEntries(keys.map((key) => [key, grouped.find((g) => g.key === key)?._count._all ?? 1]));
    const over = keys.filter((key) => limitOf[key] !== undefined && counts[key] > limitOf[key]);
    if (!over.length) return { retryAfter: 0, ids, counts };

    await this.db.loginAttempt.deleteMany({ where: { id: { in: ids } } });
    let retryAfter = 1;
    for (const key of over) {
      // The key may try again when the oldest of its last `limit` attempts leaves the window.
      const oldestThatCounts = await this.db.loginAttempt.findFirst({
        where: { key, createdAt: { gt: since } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: limitOf[key] - 1,
        select: { createdAt: true },
      });
      if (oldestThatCounts)
        retryAfter = Math.max(retryAfter, Math.ceil((oldestThatCounts.createdAt.getTime() + windowMs - now) / 1000));
    }
    return { retryAfter, ids: [], counts };
  }

  /** Rows older than the longest window count for nothing: delete them about once a minute per process. */
  private async pruneNowAndThen() {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const { loginWindowMs, signupWindowMs, resetWindowMs, testMailWindowMs, inviteWindowMs, magicLinkWindowMs } =
      this.limits;
    const longest = Math.max(
      loginWindowMs,
      signupWindowMs,
      resetWindowMs,
      testMailWindowMs,
      inviteWindowMs,
      magicLinkWindowMs,
    );
    await this.db.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(now - longest) } } });
  }
}
