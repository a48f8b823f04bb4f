// The messages the bench measures (issue 30), added to the measured (demo) agency after the seed or the generator:
// one company conversation per company (four messages each, every other one read by the owner, so the inbox has
// unread and read rows), and two topic conversations of the first company, one of LONG_THREAD messages and one of
// SHORT_THREAD, for "a thread with 100,000 messages opens as fast as one with 10". Written in multi-row INSERTs
// (a few hundred statements in one transaction), never one create per message.
import { DEMO } from '../../server/demo';
import type { Database } from '../../server/db';
import { join, raw, sql, type Sql } from '../../server/sql';

export const LONG_THREAD = 100_000;
export const SHORT_THREAD = 10;
/** The topics' subjects: the bench finds their ids through the inbox's search. */
export const THREAD_SUBJECT = { long: 'Bench long conversation', short: 'Bench short conversation' } as const;

const ROWS_PER_INSERT = 1_000;
const MESSAGE_COLUMNS = raw(
  ['businessId', 'threadId', 'authorUserId', 'authorContactId', 'authorKind', 'authorName', 'body', 'createdAt']
    .map((c) => `"${c}"`)
    .join(', '),
);

type Author = { userId: number | null; contactId: number | null; name: string };
type MessageSpec = { threadId: number; author: Author; body: string; at: Date };

async function insertMessages(run: (q: Sql) => Promise<number>, businessId: number, messages: MessageSpec[]) {
  for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
    const values = messages
      .slice(i, i + ROWS_PER_INSERT)
      .map(
        (m) =>
          sql`(${businessId}, ${m.threadId}, ${m.author.userId}, ${m.author.contactId}, ${m.author.userId === null ? 'contact' : 'staff'}, ${m.author.name}, ${m.body}, ${m.at})`,
      );
    await run(sql`INSERT INTO "Message" (${MESSAGE_COLUMNS}) VALUES ${join(values, ', ')}`);
  }
}

export type BenchMessages = { ms: number; threads: number; messages: number };

export async function seedBenchMessages(database: Database, now = new Date()): Promise<BenchMessages> {
  const t = performance.now();
  const { db } = database;
  const business = await db.business.findFirstOrThrow({ where: { slug: DEMO.slug }, select: { id: true } });
  const businessId = business.id;
  const owner = await db.user.findFirstOrThrow({
    where: { businessId, email: DEMO.email },
    select: { id: true, firstName: true, lastName: true },
  });
  const staff: Author = { userId: owner.id, contactId: null, name: `${owner.firstName} ${owner.lastName}` };
  const companies = await db.company.findMany({ where: { businessId }, select: { id: true }, orderBy: { id: 'asc' } });
  const contacts = await db.contact.findMany({
    where: { businessId, companyId: { not: null } },
    select: { id: true, companyId: true, firstName: true, lastName: true },
    orderBy: { id: 'asc' },
  });
  const contactOf = new Map<number, Author>();
  for (const c of contacts)
    if (!contactOf.has(c.companyId!))
      contactOf.set(c.companyId!, { userId: null, contactId: c.id, name: `${c.firstName} ${c.lastName}` });
  const first = companies[0];
  if (!first) return { ms: performance.now() - t, threads: 0, messages: 0 };

  // The seed's own few conversations go: the bench lays out every company's conversation itself.
  await db.messageThread.deleteMany({ where: { businessId } });
  const minute = 60_000;
  // The company conversations' last messages spread over the past days; the topics are the newest of all.
  const lastAt = (i: number) => new Date(now.getTime() - (companies.length - i + 10) * 17 * minute);
  await db.messageThread.createMany({
    data: [
      ...companies.map((c, i) => ({
        businessId,
        companyId: c.id,
        kind: 'company',
        singletonKey: `company:${c.id}`,
        createdById: owner.id,
        lastMessageAt: lastAt(i),
        lastPublicMessageAt: lastAt(i),
        waitingOnStaff: contactOf.has(c.id),
      })),
      ...(['long', 'short'] as const).map((size, i) => ({
        businessId,
        companyId: first.id,
        kind: 'topic',
        subject: THREAD_SUBJECT[size],
        createdById: owner.id,
        lastMessageAt: new Date(now.getTime() - i * minute),
        lastPublicMessageAt: new Date(now.getTime() - i * minute),
      })),
    ],
  });
  const threads = await db.messageThread.findMany({
    where: { businessId },
    select: { id: true, companyId: true, kind: true, subject: true, lastMessageAt: true },
    orderBy: { id: 'asc' },
  });

  const messages: MessageSpec[] = [];
  const reads: { threadId: number; upTo: number }[] = [];
  // One transaction on SQLite (one commit for the lot); PostgreSQL commits each statement, as fast at this size.
  const runInOne = async (work: (run: (q: Sql) => Promise<number>) => Promise<void>) => {
    const run = (q: Sql) => database.sql.run(q);
    if (database.provider === 'sqlite') await run(sql`BEGIN`);
    try {
      await work(run);
      if (database.provider === 'sqlite') await run(sql`COMMIT`);
    } catch (error) {
      if (database.provider === 'sqlite') await run(sql`ROLLBACK`);
      throw error;
    }
  };

  for (const thread of threads) {
    const last = thread.lastMessageAt!.getTime();
    if (thread.kind === 'company') {
      const client = contactOf.get(thread.companyId) ?? staff;
      for (let k = 0; k < 4; k++)
        messages.push({
          threadId: thread.id,
          author: k % 2 === 0 ? staff : client,
          body: k % 2 === 0 ? 'Here is where the project stands this week.' : 'Thanks, that helps. One question:',
          at: new Date(last - (3 - k) * 5 * minute),
        });
    } else {
      const count = thread.subject === THREAD_SUBJECT.long ? LONG_THREAD : SHORT_THREAD;
      const client = contactOf.get(thread.companyId) ?? staff;
      for (let k = 0; k < count; k++)
        messages.push({
          threadId: thread.id,
          author: k % 3 === 2 ? client : staff,
          body: `Message ${k + 1} of ${count}: a short update on the work, with a question or two about the next step.`,
          at: new Date(last - (count - 1 - k) * 1000),
        });
    }
  }
  await runInOne((run) => insertMessages(run, businessId, messages));

  // The owner has read every other company conversation to its end (the others are unread) and the topics.
  const newest = await database.sql.all<{ threadId: number; id: number }>(
    sql`SELECT "threadId", MAX("id") AS "id" FROM "Message" WHERE "businessId" = ${businessId} GROUP BY "threadId"`,
  );
  const newestOf = new Map(newest.map((r) => [Number(r.threadId), Number(r.id)]));
  threads.forEach((thread, i) => {
    if (thread.kind === 'topic' || i % 2 === 0) reads.push({ threadId: thread.id, upTo: newestOf.get(thread.id)! });
  });
  await db.messageRead.createMany({
    data: reads.map((r) => ({ businessId, threadId: r.threadId, userId: owner.id, lastReadMessageId: r.upTo })),
  });
  return { ms: performance.now() - t, threads: threads.length, messages: messages.length };
}
