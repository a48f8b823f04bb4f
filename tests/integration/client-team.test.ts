/**
 * Client teams (issue 32): staff make a contact a client admin; the admin invites a colleague, staff approve (or
 * decline) and the colleague signs in from the real invite e-mail and sees only their company; the agency's
 * self-service switch; the admin removes a colleague and sets their e-mails; the refusals (a known e-mail, one
 * already waiting, the bound of waiting invitations, another company's people, a non-admin), and what removing a
 * contact, a user or a company clears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalSession } from '../../server/auth/sessions';
import { isClientAdminOf } from '../../server/domain/client-team/rules';
import { JobRunner } from '../../server/jobs/queue';
import { notificationHandlers } from '../../server/notifications/fanout';
import { LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { PENDING_INVITES_PER_COMPANY } from '../../shared/schemas/client-team';
import { addCompanyTree, createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { addStaff } from '../support/staff';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

const T = M.clientTeam;
const PASSWORD = 'lantern orchard violet 9182';

let smtp: TestSmtpServer;
let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let admin: TrpcClient;
let adminName: string;
let alderId: number;
let mapleId: number;
let n = 0;
const email = (who: string) => `${who}-${process.pid}-${n++}@client.test`;

/** How a call ended: {} when it succeeded, else its code, status and message. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => ({}),
    (e: Error) => ({ ...refusal(e), message: e.message }),
  );

/** A contact of the company with portal access (and a client admin when asked), and a portal client of theirs. */
async function portalUser(agency: Agency, companyId: number, options: { clientAdmin?: boolean } = {}) {
  const contact = await app.database.db.contact.create({
    data: {
      businessId: agency.businessId,
      companyId,
      firstName: 'Pat',
      lastName: `Person ${n}`,
      email: email('person'),
      portalAccess: true,
      clientAdmin: options.clientAdmin ?? false,
    },
  });
  const { token } = await createPortalSession(app.database.db, agency.businessId, contact.id);
  return { contact, api: trpcClient(app.baseUrl, { token }) };
}

/** The invite link's token in the one-step invite e-mail to `address`. */
async function inviteTokenFor(agency: Agency, address: string) {
  const mail = await smtp.waitFor(address);
  expect(mail.subject).toBe(M.mail.inviteSubject(agency.name));
  const url = smtp.linkIn(mail, `/portal/${agency.slug}/invite/`);
  return decodeURIComponent(new URL(url).pathname.split('/').pop()!);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(undefined, { smtpUrl: smtp.url });
  a = await createAgency(app, ['Alder Architects', 'Maple Media']);
  b = await createAgency(app, ['Birch Bakery']);
  [alderId, mapleId] = a.companies.map((c) => c.id);
  staff = trpcClient(app.baseUrl, { token: a.token });
  admin = trpcClient(app.baseUrl, { token: a.portal.token });
  const contact = await app.database.db.contact.findUniqueOrThrow({ where: { id: a.portal.contactId } });
  adminName = `${contact.firstName} ${contact.lastName}`;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('a client admin', () => {
  it('is made by staff, only with portal access, and the right ends with that access', async () => {
    const offline = await app.database.db.contact.create({
      data: { businessId: a.businessId, companyId: alderId, firstName: 'No', lastName: 'Access', email: email('no') },
    });
    expect(await outcome(staff.contacts.update.mutate({ id: offline.id, clientAdmin: true }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: T.adminNeedsAccess,
    });
    expect(await admin.portalTeam.status.query()).toEqual({ clientAdmin: false, selfService: false });
    const saved = await staff.contacts.update.mutate({ id: a.portal.contactId, clientAdmin: true });
    expect(saved.clientAdmin).toBe(true);
    expect(await admin.portalTeam.status.query()).toEqual({ clientAdmin: true, selfService: false });

    // Turning access off takes the right with it; turning it on again does not give it back.
    const other = await portalUser(a, alderId, { clientAdmin: true });
    await staff.contacts.update.mutate({ id: other.contact.id, portalAccess: false });
    await staff.contacts.update.mutate({ id: other.contact.id, portalAccess: true });
    expect((await staff.contacts.get.query({ id: other.contact.id })).clientAdmin).toBe(false);
  });

  it('invites a colleague; staff approve; the colleague signs in from the e-mail and sees only their company', async () => {
    const ben = email('ben');
    expect(await admin.portalTeam.invite.mutate({ firstName: 'Ben', lastName: 'Lee', email: ben })).toMatchObject({
      status: 'pending',
      emailed: false,
    });
    expect(await app.database.db.contact.findFirst({ where: { businessId: a.businessId, email: ben } })).toBeNull();
    const team = await admin.portalTeam.members.query();
    expect(team.pending.map((p) => p.email)).toContain(ben);
    expect(team.members.find((m) => m.you)?.id).toBe(a.portal.contactId);

    // Staff see the request on the company, with who asked; the bell of every teammate rings once.
    const requests = await staff.colleagueInvites.list.query({ companyId: alderId });
    const request = requests.items.find((r) => r.email === ben)!;
    expect(request).toMatchObject({
      status: 'pending',
      companyName: 'Alder Architects',
      invitedBy: { id: a.portal.contactId, name: adminName },
    });
    await new JobRunner(
      { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
      notificationHandlers,
      { pollMs: 0, log: () => {}, businessIds: [a.businessId] },
    ).drain();
    const bell = await staff.notifications.list.query({});
    expect(bell.items.map((i) => i.title)).toContain(T.notifyRequested(adminName, 'Ben Lee'));

    // Another agency's staff cannot see or decide it.
    const foreign = trpcClient(app.baseUrl, { token: b.token });
    expect(await outcome(foreign.colleagueInvites.approve.mutate({ id: request.id }))).toMatchObject({
      httpStatus: 404,
    });
    expect(await outcome(foreign.colleagueInvites.list.query({ companyId: alderId }))).toMatchObject({
      httpStatus: 404,
    });

    const approved = await staff.colleagueInvites.approve.mutate({ id: request.id });
    expect(approved).toMatchObject({ status: 'approved', emailed: true, decidedByName: expect.any(String) });
    expect(await outcome(staff.colleagueInvites.approve.mutate({ id: request.id }))).toEqual({
      code: 'CONFLICT',
      httpStatus: 409,
      message: T.alreadyDecided,
    });
    const made = await staff.contacts.get.query({ id: approved.contactId! });
    expect(made).toMatchObject({
      companyId: alderId,
      portalAccess: true,
      clientAdmin: false,
      invitedByName: adminName,
    });

    const token = await inviteTokenFor(a, ben);
    const { authToken } = await trpcClient(app.baseUrl).portalAuth.acceptInvite.mutate({
      slug: a.slug,
      token,
      password: PASSWORD,
    });
    const colleague = trpcClient(app.baseUrl, { token: authToken });
    expect(await colleague.portalAuth.me.query()).toMatchObject({ id: made.id });
    const projects = await colleague.portal.projects.query({});
    const names = projects.items.map((p) => p.name);
    expect(names).toContain('Alder Architects website');
    expect(names).not.toContain('Maple Media website');
    // Not an admin: the team calls are refused.
    expect(await outcome(colleague.portalTeam.members.query())).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(
      await outcome(colleague.portalTeam.invite.mutate({ firstName: 'X', lastName: 'Y', email: email('x') })),
    ).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(await outcome(colleague.portalTeam.remove.mutate({ contactId: a.portal.contactId }))).toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });

    const kinds = await app.database.db.activity.findMany({
      where: { businessId: a.businessId, entityName: 'Ben Lee' },
      select: { action: true, actorType: true },
      orderBy: { id: 'asc' },
    });
    expect(kinds).toEqual([
      { action: 'colleague_requested', actorType: 'contact' },
      { action: 'colleague_approved', actorType: 'staff' },
      { action: 'invite_accepted', actorType: 'contact' },
    ]);
  });

  it('refuses an e-mail the agency knows (never naming the company), one already waiting, and past the bound', async () => {
    const maple = await app.database.db.contact.findFirstOrThrow({ where: { companyId: mapleId } });
    const known = await outcome(admin.portalTeam.invite.mutate({ firstName: 'M', lastName: 'M', email: maple.email }));
    expect(known).toEqual({ code: 'CONFLICT', httpStatus: 409, message: T.emailKnown(a.name) });
    expect(JSON.stringify(known)).not.toContain('Maple');

    const cara = email('cara');
    await admin.portalTeam.invite.mutate({ firstName: 'Cara', lastName: 'Diaz', email: cara });
    expect(await outcome(admin.portalTeam.invite.mutate({ firstName: 'C', lastName: 'D', email: cara }))).toEqual({
      code: 'CONFLICT',
      httpStatus: 409,
      message: T.alreadyRequested,
    });

    // A company of its own, its admin at the bound: the next one is refused and nothing is written.
    const tree = await addCompanyTree(app.database.db, a.businessId, a.userId, 'Bounded Bureau');
    const bounded = await portalUser(a, tree.company[0], { clientAdmin: true });
    await app.database.db.colleagueInvite.deleteMany({ where: { companyId: tree.company[0] } });
    await app.database.db.colleagueInvite.createMany({
      data: Array.from({ length: PENDING_INVITES_PER_COMPANY - 1 }, (_, i) => ({
        businessId: a.businessId,
        companyId: tree.company[0],
        email: email(`bound${i}`),
        firstName: 'Bound',
        lastName: String(i),
      })),
    });
    expect(
      await bounded.api.portalTeam.invite.mutate({ firstName: 'Last', lastName: 'One', email: email('last') }),
    ).toMatchObject({ status: 'pending' });
    const over = email('over');
    expect(await outcome(bounded.api.portalTeam.invite.mutate({ firstName: 'O', lastName: 'V', email: over }))).toEqual(
      {
        code: 'CONFLICT',
        httpStatus: 409,
        message: T.tooManyPending(PENDING_INVITES_PER_COMPANY),
      },
    );
    expect(await app.database.db.colleagueInvite.count({ where: { companyId: tree.company[0] } })).toBe(
      PENDING_INVITES_PER_COMPANY,
    );
    expect(await app.database.db.colleagueInvite.count({ where: { email: over } })).toBe(0);
  });

  it('staff decline a request: nothing is made', async () => {
    const dee = email('dee');
    const { id } = await admin.portalTeam.invite.mutate({ firstName: 'Dee', lastName: 'Fox', email: dee });
    const declined = await staff.colleagueInvites.decline.mutate({ id });
    expect(declined).toMatchObject({ status: 'declined', contactId: null, emailed: false });
    expect(await app.database.db.contact.count({ where: { email: dee } })).toBe(0);
    expect(await outcome(staff.colleagueInvites.decline.mutate({ id }))).toMatchObject({ httpStatus: 409 });
  });

  it('with self-service on, invites at once: the colleague gets the invite e-mail without staff', async () => {
    const member = await addStaff(app, a, 'member');
    expect(
      await outcome(
        trpcClient(app.baseUrl, { token: member.token }).colleagueInvites.setPolicy.mutate({ selfService: true }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
    expect(await staff.colleagueInvites.setPolicy.mutate({ selfService: true })).toEqual({ selfService: true });
    const eve = email('eve');
    expect(await admin.portalTeam.invite.mutate({ firstName: 'Eve', lastName: 'Gray', email: eve })).toMatchObject({
      status: 'approved',
      emailed: true,
    });
    const contact = await app.database.db.contact.findFirstOrThrow({ where: { businessId: a.businessId, email: eve } });
    expect(contact).toMatchObject({ companyId: alderId, portalAccess: true });
    const token = await inviteTokenFor(a, eve);
    const { authToken } = await trpcClient(app.baseUrl).portalAuth.acceptInvite.mutate({
      slug: a.slug,
      token,
      password: PASSWORD,
    });
    expect(await trpcClient(app.baseUrl, { token: authToken }).portalAuth.me.query()).toMatchObject({ id: contact.id });
    const entry = await app.database.db.activity.findFirstOrThrow({
      where: { businessId: a.businessId, entityId: contact.id, action: 'colleague_approved' },
    });
    expect(entry.actorContactId).toBe(a.portal.contactId);
    await staff.colleagueInvites.setPolicy.mutate({ selfService: false });
  });

  it("removes a colleague's access (sessions end, the contact stays) and sets their e-mails; never themselves, another admin or another company's people", async () => {
    const colleague = await portalUser(a, alderId);
    expect(await colleague.api.portalAuth.me.query()).toMatchObject({ id: colleague.contact.id });
    await admin.portalTeam.setNotifications.mutate({ contactId: colleague.contact.id, notifyByEmail: false });
    expect(
      (await app.database.db.contact.findUniqueOrThrow({ where: { id: colleague.contact.id } })).notifyByEmail,
    ).toBe(false);

    expect(await outcome(admin.portalTeam.remove.mutate({ contactId: a.portal.contactId }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: T.removeSelf,
    });
    const otherAdmin = await portalUser(a, alderId, { clientAdmin: true });
    expect(await outcome(admin.portalTeam.remove.mutate({ contactId: otherAdmin.contact.id }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: T.removeAdmin,
    });
    // Another company of the same agency, and another agency: both look missing.
    const mapleUser = await portalUser(a, mapleId);
    const birchUser = await portalUser(b, b.companies[0].id);
    for (const contactId of [mapleUser.contact.id, birchUser.contact.id]) {
      expect(await outcome(admin.portalTeam.remove.mutate({ contactId }))).toMatchObject({ httpStatus: 404 });
      expect(
        await outcome(admin.portalTeam.setNotifications.mutate({ contactId, notifyByEmail: false })),
      ).toMatchObject({ httpStatus: 404 });
    }
    expect(
      (await app.database.db.contact.findUniqueOrThrow({ where: { id: mapleUser.contact.id } })).portalAccess,
    ).toBe(true);
    expect((await admin.portalTeam.members.query()).members.map((m) => m.id)).not.toContain(mapleUser.contact.id);

    await admin.portalTeam.remove.mutate({ contactId: colleague.contact.id });
    expect(await outcome(colleague.api.portalAuth.me.query())).toMatchObject({ httpStatus: 401 });
    const kept = await app.database.db.contact.findUniqueOrThrow({ where: { id: colleague.contact.id } });
    expect(kept).toMatchObject({ portalAccess: false, companyId: alderId });
    expect(
      await app.database.db.activity.count({
        where: { businessId: a.businessId, entityId: colleague.contact.id, action: 'colleague_removed' },
      }),
    ).toBe(1);
  });

  it('sees the guests of their company (contacts of another company given access) and removes only that access', async () => {
    // A Maple contact with access to Alder too: Alder's admin sees them as a guest, with no e-mail switch of theirs.
    const guest = await portalUser(a, mapleId);
    const db = app.database.db;
    await db.contactCompany.create({
      data: { businessId: a.businessId, contactId: guest.contact.id, companyId: alderId },
    });
    const listed = (await admin.portalTeam.members.query()).members.find((m) => m.id === guest.contact.id);
    expect(listed).toMatchObject({ guest: true, clientAdmin: false, email: guest.contact.email });
    expect((await admin.portalTeam.members.query()).members.find((m) => m.id === a.portal.contactId)).toMatchObject({
      guest: false,
    });
    expect(
      await outcome(admin.portalTeam.setNotifications.mutate({ contactId: guest.contact.id, notifyByEmail: false })),
    ).toMatchObject({ httpStatus: 404 });

    // A guest who is a client admin of Alder by their row is not removable by another admin.
    const guestAdmin = await portalUser(a, mapleId);
    await db.contactCompany.create({
      data: { businessId: a.businessId, contactId: guestAdmin.contact.id, companyId: alderId, clientAdmin: true },
    });
    expect(await outcome(admin.portalTeam.remove.mutate({ contactId: guestAdmin.contact.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: T.removeAdmin,
    });

    // Removing the guest ends their Alder access only: their own company (Maple) and their login stay.
    await admin.portalTeam.remove.mutate({ contactId: guest.contact.id });
    expect(await db.contactCompany.count({ where: { contactId: guest.contact.id } })).toBe(0);
    const kept = await db.contact.findUniqueOrThrow({ where: { id: guest.contact.id } });
    expect(kept).toMatchObject({ portalAccess: true, companyId: mapleId, notifyByEmail: true });
    expect(await guest.api.portalAuth.me.query()).toMatchObject({ id: guest.contact.id, companyId: mapleId });
    expect((await admin.portalTeam.members.query()).members.map((m) => m.id)).not.toContain(guest.contact.id);
    expect(
      await db.activity.count({
        where: {
          businessId: a.businessId,
          entityId: guest.contact.id,
          action: 'colleague_removed',
          companyId: alderId,
        },
      }),
    ).toBe(1);
  });

  it('an extra company (ContactCompany) gives the admin right only where its row says so', async () => {
    const { contact } = await portalUser(a, alderId);
    const db = app.database.db;
    expect(await isClientAdminOf(db, contact.id, mapleId)).toBe(false);
    await db.contactCompany.create({
      data: { businessId: a.businessId, contactId: contact.id, companyId: mapleId, clientAdmin: true },
    });
    expect(await isClientAdminOf(db, contact.id, mapleId)).toBe(true);
    expect(await isClientAdminOf(db, contact.id, alderId)).toBe(false);
  });
});

describe('the team list', () => {
  it('comes a page at a time in name order (guests included), every member once, bounded; a foreign cursor finds nothing', async () => {
    const db = app.database.db;
    const bStaff = trpcClient(app.baseUrl, { token: b.token });
    const birchId = b.companies[0].id;
    await bStaff.contacts.update.mutate({ id: b.portal.contactId, clientAdmin: true });
    const birchAdmin = trpcClient(app.baseUrl, { token: b.portal.token });
    // 40 more people with access, a dozen of them with the same name (the id breaks the tie), and a guest.
    await db.contact.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        businessId: b.businessId,
        companyId: birchId,
        firstName: i < 12 ? 'Sam' : `Person${String(i).padStart(2, '0')}`,
        lastName: i < 12 ? 'Lee' : 'Birch',
        email: email(`birch${i}`),
        portalAccess: true,
      })),
    });
    const elsewhere = await db.company.create({ data: { businessId: b.businessId, name: 'Birch Annex' } });
    const guest = await db.contact.create({
      data: {
        businessId: b.businessId,
        companyId: elsewhere.id,
        firstName: 'Sam',
        lastName: 'Lee',
        email: email('birch-guest'),
        portalAccess: true,
      },
    });
    await db.contactCompany.create({ data: { businessId: b.businessId, contactId: guest.id, companyId: birchId } });
    const expected = [
      ...(
        await db.contact.findMany({
          where: { businessId: b.businessId, companyId: birchId, portalAccess: true },
          select: { id: true },
        })
      ).map((c) => c.id),
      guest.id,
    ];
    expect(expected.length).toBeGreaterThanOrEqual(42);

    // The default page is LIMITS.pageSize people, with the invitations and the next page's cursor.
    const first = await birchAdmin.portalTeam.members.query();
    expect(first.members.length).toBe(LIMITS.pageSize);
    expect(first.nextCursor).toBe(first.members[first.members.length - 1].id);

    const all: { id: number; firstName: string; lastName: string; guest: boolean }[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof birchAdmin.portalTeam.members.query>> =
        await birchAdmin.portalTeam.members.query({ limit: 5, cursor });
      expect(page.members.length).toBeLessThanOrEqual(5);
      all.push(...page.members);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(pages).toBe(Math.ceil(expected.length / 5));
    const seen = all.map((m) => m.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((x, y) => x - y)).toEqual([...expected].sort((x, y) => x - y));
    // The same-named people (the guest among them) in id order, across the pages' boundaries.
    const sams = all.filter((m) => m.firstName === 'Sam' && m.lastName === 'Lee');
    expect(sams.length).toBe(13);
    expect(sams.map((m) => m.id)).toEqual(sams.map((m) => m.id).sort((x, y) => x - y));
    expect(sams.find((m) => m.id === guest.id)?.guest).toBe(true);

    // Bounded: more than LIMITS.pageSizeMax at once is refused; another agency's contact as a cursor finds nothing.
    expect(await outcome(birchAdmin.portalTeam.members.query({ limit: LIMITS.pageSizeMax + 1 }))).toMatchObject({
      code: 'BAD_REQUEST',
      httpStatus: 400,
    });
    const foreign = await birchAdmin.portalTeam.members.query({ cursor: a.portal.contactId });
    expect(foreign.members).toEqual([]);
    expect(foreign.nextCursor).toBeNull();
  });
});

describe('removing people', () => {
  it('clears the invitations’ links to a removed inviter, invitee or deciding user, and deletes a company with requests', async () => {
    const tree = await addCompanyTree(app.database.db, a.businessId, a.userId, 'Removal Rooms');
    const companyId = tree.company[0];
    const inviter = await portalUser(a, companyId, { clientAdmin: true });
    const decider = await addStaff(app, a, 'admin');
    const deciderApi = trpcClient(app.baseUrl, { token: decider.token });
    const { id } = await inviter.api.portalTeam.invite.mutate({
      firstName: 'Gil',
      lastName: 'Hart',
      email: email('gil'),
    });
    const approved = await deciderApi.colleagueInvites.approve.mutate({ id });

    await staff.contacts.remove.mutate({ id: inviter.contact.id });
    await staff.team.remove.mutate({ id: decider.id });
    expect(await app.database.db.colleagueInvite.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'approved',
      invitedById: null,
      decidedById: null,
      contactId: approved.contactId,
    });
    await staff.contacts.remove.mutate({ id: approved.contactId! });
    expect((await app.database.db.colleagueInvite.findUniqueOrThrow({ where: { id } })).contactId).toBeNull();

    // A company whose contact invited into another company, and which has requests of its own.
    const second = await addCompanyTree(app.database.db, a.businessId, a.userId, 'Second Studio');
    const member = await portalUser(a, second.company[0]);
    await app.database.db.contactCompany.create({
      data: { businessId: a.businessId, contactId: member.contact.id, companyId, clientAdmin: true },
    });
    const crossing = await app.database.db.colleagueInvite.create({
      data: {
        businessId: a.businessId,
        companyId,
        invitedById: member.contact.id,
        email: email('cross'),
        firstName: 'Cross',
        lastName: 'Over',
      },
    });
    await staff.companies.delete.mutate({ id: second.company[0] });
    expect(await app.database.db.colleagueInvite.findUniqueOrThrow({ where: { id: crossing.id } })).toMatchObject({
      invitedById: null,
    });
    await staff.companies.delete.mutate({ id: companyId });
    expect(await app.database.db.colleagueInvite.count({ where: { companyId } })).toBe(0);
  });
});
