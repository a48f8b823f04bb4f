/**
 * Contacts over REST (camelCase /api, snake_case /contacts/v1 and the spec's /contact/v1/{id}) and tRPC: every field,
 * the spec's update rules, per-agency e-mail uniqueness, tenancy, the portal-access rules, revocation of portal
 * sessions, and invite links (hashed, 7 days, single pending link, e-mailed through a real SMTP server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { verifyPassword } from '../../server/auth/password';
import { createPortalSession, validatePortalSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { startSmtpServer } from '../support/smtp';
import { addStaff } from '../support/staff';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

const STRONG = 'violet harbour quartz 4817 engine';
const DAY = 24 * 60 * 60 * 1000;

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let agency: Awaited<ReturnType<typeof signUpAgency>>;
let token: string;
let businessId: number;
let acme: { id: number; name: string };
let bluebird: { id: number; name: string };
let other: Agency;

let n = 0;
const uniqueEmail = (name = 'person') => `${name}-${Date.now().toString(36)}-${n++}@client.test`;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  agency = await signUpAgency(api);
  token = agency.token;
  trpc = trpcClient(app.baseUrl, { token });
  businessId = (await app.database.db.business.findUniqueOrThrow({ where: { slug: agency.slug } })).id;
  acme = (await api.post('/api/companies', { name: 'Acme Studio' }, { token })).body;
  bluebird = (await api.post('/api/companies', { name: 'Bluebird Bakery' }, { token })).body;
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app.close());

/** A contact created through tRPC (defaults: at Acme, no portal access). */
const newContact = (fields: Partial<Parameters<TrpcClient['contacts']['create']['mutate']>[0]> = {}) =>
  trpc.contacts.create.mutate({
    firstName: 'Pat',
    lastName: 'Doe',
    email: uniqueEmail(),
    companyId: acme.id,
    ...fields,
  });

/** A contact with portal access, a password and two live portal sessions. */
async function portalContact() {
  const contact = await newContact({ portalAccess: true, portalPassword: STRONG });
  const sessions = [
    await createPortalSession(app.database.db, businessId, contact.id),
    await createPortalSession(app.database.db, businessId, contact.id),
  ];
  for (const s of sessions) expect(await validatePortalSession(app.database, s.token)).not.toBeNull();
  return { contact, tokens: sessions.map((s) => s.token) };
}

const portalSessionCount = (contactId: number) => app.database.db.portalSession.count({ where: { contactId } });

/** Revoked: no PortalSession row of the contact is left, and none of their tokens validates. */
async function expectRevoked(contactId: number, tokens: string[]) {
  expect(await portalSessionCount(contactId)).toBe(0);
  for (const t of tokens) expect(await validatePortalSession(app.database, t)).toBeNull();
}

const CAMEL_KEYS = [
  'id',
  'companyId',
  'companyOfContact',
  'firstName',
  'lastName',
  'email',
  'phone',
  'title',
  'role',
  'portalAccess',
  'clientAdmin',
  'hasPortalPassword',
  'invitePending',
  'portalState',
  'createdAt',
  'projectId',
  'pendingInviteExpiresAt',
  'invitedByName',
  'updatedAt',
];
const SNAKE_KEYS = [
  'id',
  'company_id',
  'company_of_contact',
  'first_name',
  'last_name',
  'email',
  'phone',
  'title',
  'role',
  'portal_access',
  'client_admin',
  'has_portal_password',
  'invite_pending',
  'portal_state',
  'created_at',
  'project_id',
  'pending_invite_expires_at',
  'invited_by_name',
  'updated_at',
];

describe('create, read, update and delete over REST', () => {
  it('POST /api/contacts (camelCase) creates a contact with every field and answers it, never the password hash', async () => {
    const email = uniqueEmail('Grace');
    const res = await api.post(
      '/api/contacts',
      {
        companyId: acme.id,
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: email.toUpperCase(),
        phone: '555-0101',
        title: 'CTO',
        role: 'executive',
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...CAMEL_KEYS].sort());
    expect(res.body).toMatchObject({
      companyId: acme.id,
      companyOfContact: { id: acme.id, name: 'Acme Studio' },
      firstName: 'Grace',
      lastName: 'Hopper',
      email: email.toLowerCase(),
      phone: '555-0101',
      title: 'CTO',
      role: 'executive',
      portalAccess: false,
      hasPortalPassword: false,
      projectId: [],
      pendingInviteExpiresAt: null,
    });
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const row = await app.database.db.contact.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ businessId, portalAccess: false, portalPasswordHash: null });
  });

  it('GET /contact/v1/{id} answers exactly the spec’s snake_case fields, with company_of_contact and project_id', async () => {
    const contact = await newContact({ phone: '555-0102', title: 'Designer', role: 'manager' });
    const db = app.database.db;
    const projects = await Promise.all(
      ['Website', 'Brand'].map((name) => db.project.create({ data: { businessId, companyId: acme.id, name } })),
    );
    await db.projectContact.createMany({
      data: projects.map((p) => ({ businessId, projectId: p.id, contactId: contact.id })),
    });

    const res = await api.get(`/contact/v1/${contact.id}`, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(SNAKE_KEYS);
    expect(res.body).toEqual({
      id: contact.id,
      company_id: acme.id,
      company_of_contact: { id: acme.id, name: 'Acme Studio' },
      first_name: 'Pat',
      last_name: 'Doe',
      email: contact.email,
      phone: '555-0102',
      title: 'Designer',
      role: 'manager',
      portal_access: false,
      client_admin: false,
      has_portal_password: false,
      invite_pending: false,
      portal_state: 'none',
      created_at: contact.createdAt.toISOString(),
      project_id: projects.map((p) => p.id).sort((a, b) => a - b),
      pending_invite_expires_at: null,
      invited_by_name: null,
      updated_at: contact.updatedAt.toISOString(),
    });
    // The same read on the plural path and on /api.
    expect((await api.get(`/contacts/v1/${contact.id}`, { token })).body).toEqual(res.body);
    const camel = await api.get(`/api/contacts/${contact.id}`, { token });
    expect(Object.keys(camel.body)).toEqual(CAMEL_KEYS);
    expect(camel.body.projectId).toEqual(res.body.project_id);
  });

  it('PATCH /contacts/v1/{id} (snake_case) changes every field it is given', async () => {
    const contact = await newContact();
    const email = uniqueEmail('new');
    const res = await api.patch(
      `/contacts/v1/${contact.id}`,
      {
        first_name: 'Patricia',
        last_name: 'Smith',
        email,
        phone: '555-0199',
        title: 'Head of Growth',
        role: 'contributor',
        company_id: bluebird.id,
        portal_access: true,
        portal_password: STRONG,
      },
      { token },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(SNAKE_KEYS);
    expect(res.body).toMatchObject({
      id: contact.id,
      first_name: 'Patricia',
      last_name: 'Smith',
      email,
      phone: '555-0199',
      title: 'Head of Growth',
      role: 'contributor',
      company_id: bluebird.id,
      company_of_contact: { id: bluebird.id, name: 'Bluebird Bakery' },
      portal_access: true,
      has_portal_password: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const row = await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(row.portalPasswordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.portalPasswordHash!, STRONG)).toBe(true);
  });

  it('PATCH /api/contacts/{id} (camelCase) works the same way', async () => {
    const contact = await newContact();
    const res = await api.patch(`/api/contacts/${contact.id}`, { title: 'Founder', companyId: bluebird.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Founder',
      companyId: bluebird.id,
      companyOfContact: { id: bluebird.id, name: 'Bluebird Bakery' },
    });
  });

  it('DELETE /contacts/v1/{id} removes the contact and its project links; it is then 404', async () => {
    const contact = await newContact();
    const project = await app.database.db.project.create({ data: { businessId, companyId: acme.id, name: 'Doomed' } });
    await app.database.db.projectContact.create({ data: { businessId, projectId: project.id, contactId: contact.id } });
    const res = await api.call('DELETE', `/contacts/v1/${contact.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await app.database.db.contact.findUnique({ where: { id: contact.id } })).toBeNull();
    expect(await app.database.db.projectContact.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await app.database.db.project.findUnique({ where: { id: project.id } })).not.toBeNull();
    const gone = await api.get(`/contact/v1/${contact.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(M.contacts.notFound);
    expect((await api.call('DELETE', `/api/contacts/${contact.id}`, { token })).status).toBe(404);
    expect((await api.patch(`/contacts/v1/${contact.id}`, { title: 'x' }, { token })).status).toBe(404);
  });

  it('answers 401 without a session and 400 for a bad id or missing fields', async () => {
    expect((await api.get('/api/contacts')).status).toBe(401);
    expect((await api.get('/contact/v1/1')).status).toBe(401);
    expect((await api.get('/contact/v1/abc', { token })).status).toBe(400);
    const res = await api.post('/contacts/v1', { first_name: 'No', last_name: 'Mail' }, { token });
    expect(res.status).toBe(400);
    const bad = await api.post(
      '/contacts/v1',
      { first_name: 'Bad', last_name: 'Mail', email: 'not-an-address' },
      { token },
    );
    expect(bad.body.message).toBe('Please enter a valid email address');
  });
});

describe('the spec’s update rules (§5)', () => {
  it('changes only the fields given', async () => {
    const contact = await newContact({ phone: '555-0111', title: 'CEO', role: 'executive' });
    const updated = await trpc.contacts.update.mutate({ id: contact.id, lastName: 'Changed' });
    expect(updated).toMatchObject({
      firstName: 'Pat',
      lastName: 'Changed',
      email: contact.email,
      phone: '555-0111',
      title: 'CEO',
      role: 'executive',
      companyId: acme.id,
      portalAccess: false,
    });
  });

  it('clears phone, title and role sent as empty text (and role "none")', async () => {
    const contact = await newContact({ phone: '555-0112', title: 'CEO', role: 'executive' });
    const res = await api.patch(`/contacts/v1/${contact.id}`, { phone: '', title: '  ', role: '' }, { token });
    expect(res.body).toMatchObject({ phone: null, title: null, role: null, first_name: 'Pat', company_id: acme.id });
    await trpc.contacts.update.mutate({ id: contact.id, role: 'manager' });
    expect((await trpc.contacts.update.mutate({ id: contact.id, role: 'none' })).role).toBeNull();
  });

  it('keeps the company when company_id is not sent, removes it with null', async () => {
    const contact = await newContact();
    expect((await api.patch(`/contacts/v1/${contact.id}`, { first_name: 'Kim' }, { token })).body.company_id).toBe(
      acme.id,
    );
    const res = await api.patch(`/contacts/v1/${contact.id}`, { company_id: null }, { token });
    expect(res.body).toMatchObject({ company_id: null, company_of_contact: null, first_name: 'Kim' });
  });

  it('refuses an empty first name, last name or e-mail when given', async () => {
    const contact = await newContact();
    for (const body of [{ first_name: '' }, { last_name: ' ' }, { email: '' }]) {
      expect((await api.patch(`/contacts/v1/${contact.id}`, body, { token })).status).toBe(400);
    }
    expect((await trpc.contacts.get.query({ id: contact.id })).firstName).toBe('Pat');
  });
});

describe('GET /api/contacts', () => {
  let listAgency: Awaited<ReturnType<typeof signUpAgency>>;
  let company: { id: number };
  const people = [
    ['Zoe', 'Adams', 'Designer'],
    ['amy', 'Baker', 'Engineer'],
    ['Bob', 'Carter', null],
    ['Amy', 'Zimmer', 'Head of Sales'],
    ['Carl', 'Dunn', 'Sales Lead'],
  ] as const;
  const ids: Record<string, number> = {};
  const list = (query = '') => api.get(`/api/contacts${query}`, { token: listAgency.token });

  beforeAll(async () => {
    listAgency = await signUpAgency(api);
    company = (await api.post('/api/companies', { name: 'Listed Ltd' }, { token: listAgency.token })).body;
    for (const [i, [firstName, lastName, title]] of people.entries()) {
      const res = await api.post(
        '/api/contacts',
        {
          firstName,
          lastName,
          title,
          email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@list.test`,
          companyId: i < 3 ? company.id : null,
        },
        { token: listAgency.token },
      );
      expect(res.status).toBe(201);
      ids[`${firstName} ${lastName}`] = res.body.id;
    }
  });

  it('lists by first name (then id), with company_of_contact and the count, and only this agency’s contacts', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('5');
    const names = res.body.map((c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`);
    // SQLite and PostgreSQL collations differ on case; both keep (firstName, id) order within the database.
    expect(new Set(names)).toEqual(new Set(Object.keys(ids)));
    expect(names.indexOf('Bob Carter')).toBeLessThan(names.indexOf('Carl Dunn'));
    expect(names.indexOf('Carl Dunn')).toBeLessThan(names.indexOf('Zoe Adams'));
    const zoe = res.body.find((c: { id: number }) => c.id === ids['Zoe Adams']);
    expect(zoe).toMatchObject({
      companyId: company.id,
      companyOfContact: { id: company.id, name: 'Listed Ltd' },
      hasPortalPassword: false,
    });
    expect(zoe).not.toHaveProperty('portalPasswordHash');
    expect(zoe).not.toHaveProperty('projectId');
    const carl = res.body.find((c: { id: number }) => c.id === ids['Carl Dunn']);
    expect(carl).toMatchObject({ companyId: null, companyOfContact: null });
  });

  it('searches first name, last name, full name, e-mail and title, case-insensitively', async () => {
    const found = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body
        .map((c: { id: number }) => c.id)
        .sort((a: number, b: number) => a - b);
    const sorted = (...names: string[]) => names.map((name) => ids[name]).sort((a, b) => a - b);
    expect(await found('ZOE')).toEqual(sorted('Zoe Adams'));
    expect(await found('zimmer')).toEqual(sorted('Amy Zimmer'));
    expect(await found('amy baker')).toEqual(sorted('amy Baker'));
    expect(await found('Bob Car')).toEqual(sorted('Bob Carter'));
    expect(await found('carl.dunn@')).toEqual(sorted('Carl Dunn'));
    expect(await found('sales')).toEqual(sorted('Amy Zimmer', 'Carl Dunn'));
    expect(await found('nobody-like-this')).toEqual([]);
    expect(await found('%')).toEqual([]);
  });

  it('filters by company, or by no company ("none"); a company of another agency is 404', async () => {
    const byCompany = await list(`?companyId=${company.id}`);
    expect(byCompany.body.map((c: { id: number }) => c.id).sort()).toEqual(
      [ids['Zoe Adams'], ids['amy Baker'], ids['Bob Carter']].sort(),
    );
    const none = await list('?companyId=none');
    expect(none.body.map((c: { id: number }) => c.id).sort()).toEqual([ids['Amy Zimmer'], ids['Carl Dunn']].sort());
    const snake = await api.get(`/contacts/v1?company_id=${company.id}&search=zoe`, { token: listAgency.token });
    expect(snake.body).toEqual([
      expect.objectContaining({ id: ids['Zoe Adams'], company_of_contact: { id: company.id, name: 'Listed Ltd' } }),
    ]);
    const foreign = await list(`?companyId=${other.companies[0].id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(M.contacts.companyNotFound);
    expect((await list('?companyId=nothing')).status).toBe(400);
  });

  it('paginates with limit and cursor, without gaps or repeats, and counts overall over tRPC', async () => {
    const all = (await list('?limit=100')).body.map((c: { id: number }) => c.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.map((c: { id: number }) => c.id));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toEqual(all);
    const listTrpc = trpcClient(app.baseUrl, { token: listAgency.token });
    const page = await listTrpc.contacts.list.query({ companyId: 'none', withOverall: true });
    expect(page).toMatchObject({ total: 2, overall: 5, nextCursor: null });
    expect(page.items[0].createdAt).toBeInstanceOf(Date);
  });

  it('shows whether a contact has a portal password', async () => {
    await api.patch(
      `/api/contacts/${ids['Zoe Adams']}`,
      { portalAccess: true, portalPassword: STRONG },
      { token: listAgency.token },
    );
    const zoe = (await list('?search=zoe')).body[0];
    expect(zoe).toMatchObject({ portalAccess: true, hasPortalPassword: true });
  });
});

describe('e-mail addresses are unique per agency', () => {
  it('answers 409 with the message on create and on update, case-insensitively', async () => {
    const email = uniqueEmail('taken');
    const first = await newContact({ email });
    const res = await api.post(
      '/api/contacts',
      { firstName: 'Dup', lastName: 'Licate', email: email.toUpperCase() },
      { token },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: M.contacts.emailTaken, code: 'CONFLICT', requestId: expect.any(String) });
    const second = await newContact();
    const patch = await api.patch(`/contacts/v1/${second.id}`, { email }, { token });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe(M.contacts.emailTaken);
    // Re-saving a contact with their own address is fine.
    expect((await api.patch(`/contacts/v1/${first.id}`, { email, title: 'Same' }, { token })).status).toBe(200);
  });

  it('lets another agency use the same address', async () => {
    const email = uniqueEmail('shared');
    await newContact({ email });
    const otherTrpc = trpcClient(app.baseUrl, { token: other.token });
    await expect(
      otherTrpc.contacts.create.mutate({ firstName: 'Same', lastName: 'Address', email }),
    ).resolves.toMatchObject({ email });
  });

  it('decides a race of simultaneous creates with the unique index: one 201, the rest 409', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.post('/api/contacts', { firstName: 'Racer', lastName: String(i), email }, { token }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.message).toBe(M.contacts.emailTaken);
    expect(await app.database.db.contact.count({ where: { businessId, email } })).toBe(1);
  });
});

describe('tenancy', () => {
  it('refuses a company of another agency on create and update (404), writing nothing', async () => {
    const foreign = other.companies[0].id;
    const before = await app.database.db.contact.count({ where: { businessId } });
    const res = await api.post(
      '/api/contacts',
      { firstName: 'Sneaky', lastName: 'Link', email: uniqueEmail(), companyId: foreign },
      { token },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.contacts.companyNotFound);
    expect(await app.database.db.contact.count({ where: { businessId } })).toBe(before);

    const contact = await newContact();
    const patch = await api.patch(`/contacts/v1/${contact.id}`, { company_id: foreign, title: 'Moved' }, { token });
    expect(patch.status).toBe(404);
    expect(await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({
      companyId: acme.id,
      title: null,
    });
  });

  it('answers 404 for another agency’s contact on every path', async () => {
    const id = other.portal.contactId;
    expect((await api.get(`/contact/v1/${id}`, { token })).status).toBe(404);
    expect((await api.patch(`/contacts/v1/${id}`, { title: 'x' }, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/contacts/v1/${id}`, { token })).status).toBe(404);
    expect((await api.post(`/contacts/v1/${id}/invite`, {}, { token })).status).toBe(404);
    expect(await portalSessionCount(id)).toBe(1);
    expect(await validatePortalSession(app.database, other.portal.token)).not.toBeNull();
  });
});

describe('portal access rules', () => {
  it('needs a company: a field error on portalAccess', async () => {
    const res = await api.post(
      '/api/contacts',
      { firstName: 'No', lastName: 'Company', email: uniqueEmail(), portalAccess: true },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: M.contacts.portal.needsCompany,
      code: 'BAD_REQUEST',
      issues: [{ path: 'portalAccess', message: M.contacts.portal.needsCompany }],
      requestId: expect.any(String),
    });

    const loner = await newContact({ companyId: null });
    const on = await api.patch(`/contacts/v1/${loner.id}`, { portal_access: true }, { token });
    expect(on.status).toBe(400);
    expect(on.body.issues).toEqual([{ path: 'portalAccess', message: M.contacts.portal.needsCompany }]);

    const withAccess = await newContact({ portalAccess: true });
    const removeCompany = await api.patch(`/contacts/v1/${withAccess.id}`, { company_id: null }, { token });
    expect(removeCompany.status).toBe(400);
    expect(removeCompany.body.message).toBe(M.contacts.portal.needsCompany);
    expect((await trpc.contacts.get.query({ id: withAccess.id })).companyId).toBe(acme.id);
  });

  it('sets a portal password only with portal access on', async () => {
    const res = await api.post(
      '/api/contacts',
      { firstName: 'No', lastName: 'Access', email: uniqueEmail(), companyId: acme.id, portalPassword: STRONG },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'portalPassword', message: M.contacts.portal.passwordNeedsAccess }]);
  });

  it('refuses a short or easily guessed portal password, including one built from the contact’s own name', async () => {
    const contact = await newContact({ firstName: 'Marigold', lastName: 'Featherstone', portalAccess: true });
    const short = await api.patch(`/contacts/v1/${contact.id}`, { portal_password: 'abc' }, { token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(M.signup.passwordTooShort);
    for (const weak of ['password123', 'marigoldfeatherstone', 'Featherstone1']) {
      const res = await api.patch(`/contacts/v1/${contact.id}`, { portal_password: weak }, { token });
      expect(res.status, weak).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'portalPassword', message: M.contacts.portal.passwordTooWeak }]);
    }
    expect(
      (await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } })).portalPasswordHash,
    ).toBeNull();
    const ok = await api.patch(`/contacts/v1/${contact.id}`, { portal_password: STRONG }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.has_portal_password).toBe(true);
  });
});

describe('revocation ends the contact’s portal sessions at once', () => {
  it('turning portal access off', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.update.mutate({ id: contact.id, portalAccess: false });
    await expectRevoked(contact.id, tokens);
  });

  it('moving the contact to another company (REST)', async () => {
    const { contact, tokens } = await portalContact();
    expect((await api.patch(`/contacts/v1/${contact.id}`, { company_id: bluebird.id }, { token })).status).toBe(200);
    await expectRevoked(contact.id, tokens);
    // Access itself stays on: they sign in again, now for the new company.
    expect((await trpc.contacts.get.query({ id: contact.id })).portalAccess).toBe(true);
  });

  it('removing the company together with access', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.update.mutate({ id: contact.id, companyId: null, portalAccess: false });
    await expectRevoked(contact.id, tokens);
  });

  it('changing their e-mail address', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.update.mutate({ id: contact.id, email: uniqueEmail('renamed') });
    await expectRevoked(contact.id, tokens);
  });

  it('setting a new portal password', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.update.mutate({ id: contact.id, portalPassword: `${STRONG} again` });
    await expectRevoked(contact.id, tokens);
  });

  it('deleting the contact', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.sendInvite.mutate({ id: contact.id });
    expect(await trpc.contacts.remove.mutate({ id: contact.id })).toEqual({ ok: true });
    await expectRevoked(contact.id, tokens);
    expect(await app.database.db.portalInvite.count({ where: { contactId: contact.id } })).toBe(0);
  });

  it('but not other changes, nor re-sending the same company', async () => {
    const { contact, tokens } = await portalContact();
    await trpc.contacts.update.mutate({
      id: contact.id,
      title: 'Still signed in',
      companyId: acme.id,
      email: contact.email,
      portalAccess: true,
    });
    expect(await portalSessionCount(contact.id)).toBe(2);
    for (const t of tokens) expect(await validatePortalSession(app.database, t)).not.toBeNull();
  });

  it('voids an unused invite when access is turned off', async () => {
    const contact = await newContact({ portalAccess: true });
    await trpc.contacts.sendInvite.mutate({ id: contact.id });
    await trpc.contacts.update.mutate({ id: contact.id, portalAccess: false });
    expect(await app.database.db.portalInvite.count({ where: { contactId: contact.id } })).toBe(0);
    expect((await trpc.contacts.get.query({ id: contact.id })).pendingInviteExpiresAt).toBeNull();
    expect((await trpc.contacts.list.query({ search: contact.email })).items[0].invitePending).toBe(false);
  });
});

describe('invite links', () => {
  it('need portal access and a company first', async () => {
    const contact = await newContact();
    const res = await api.post(`/api/contacts/${contact.id}/invite`, {}, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.contacts.portal.inviteSaveFirst);
    expect(await app.database.db.portalInvite.count({ where: { contactId: contact.id } })).toBe(0);
  });

  it('store only the token’s hash, last 7 days, and a second invite voids the first', async () => {
    const contact = await newContact({ portalAccess: true });
    const before = Date.now();
    const first = await trpc.contacts.sendInvite.mutate({ id: contact.id });
    expect(first).toMatchObject({ emailed: false, emailConfigured: false });
    const url = new URL(first.url);
    const [, portal, slug, invite, linkToken] = url.pathname.split('/');
    expect([portal, slug, invite]).toEqual(['portal', agency.slug, 'invite']);
    expect(linkToken.length).toBeGreaterThanOrEqual(32);
    expect(first.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(first.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);

    const rows = await app.database.db.portalInvite.findMany({ where: { contactId: contact.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      businessId,
      tokenHash: hashToken(linkToken),
      usedAt: null,
      expiresAt: first.expiresAt,
    });
    expect(JSON.stringify(rows)).not.toContain(linkToken);
    expect((await trpc.contacts.get.query({ id: contact.id })).pendingInviteExpiresAt).toEqual(first.expiresAt);
    const listed = await trpc.contacts.list.query({ search: contact.email });
    expect(listed.items.map((c) => [c.id, c.invitePending])).toEqual([[contact.id, true]]);

    const second = await trpc.contacts.sendInvite.mutate({ id: contact.id });
    const secondToken = new URL(second.url).pathname.split('/').pop()!;
    expect(secondToken).not.toBe(linkToken);
    const after = await app.database.db.portalInvite.findMany({ where: { contactId: contact.id } });
    expect(after.map((r) => r.tokenHash)).toEqual([hashToken(secondToken)]);
  });

  it('do not count as pending once expired', async () => {
    const contact = await newContact({ portalAccess: true });
    await trpc.contacts.sendInvite.mutate({ id: contact.id });
    await app.database.db.portalInvite.updateMany({
      where: { contactId: contact.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await trpc.contacts.get.query({ id: contact.id })).pendingInviteExpiresAt).toBeNull();
    expect((await trpc.contacts.list.query({ search: contact.email })).items[0]).toMatchObject({
      invitePending: false,
      portalState: 'none',
    });
  });

  it('answer snake_case on /contacts/v1/{id}/invite and camelCase on /api/contacts/{id}/invite', async () => {
    const contact = await newContact({ portalAccess: true });
    const snake = await api.post(`/contacts/v1/${contact.id}/invite`, undefined, { token });
    expect(snake.status).toBe(200);
    expect(Object.keys(snake.body)).toEqual(['url', 'expires_at', 'emailed', 'email_configured']);
    const camel = await api.post(`/api/contacts/${contact.id}/invite`, undefined, { token });
    expect(Object.keys(camel.body)).toEqual(['url', 'expiresAt', 'emailed', 'emailConfigured']);
    expect(camel.body.url).not.toBe(snake.body.url);
  });
});

describe('invite e-mail over SMTP', () => {
  it('delivers the link to the contact through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    const mailing = await startApp(undefined, { smtpUrl: smtp.url });
    try {
      const mailApi = client(mailing.baseUrl);
      const owner = await signUpAgency(mailApi);
      const company = (await mailApi.post('/api/companies', { name: 'Mailed Co' }, { token: owner.token })).body;
      const email = uniqueEmail('invitee');
      const contact = (
        await mailApi.post(
          '/api/contacts',
          { firstName: 'Ivy', lastName: 'Invitee', email, companyId: company.id, portalAccess: true },
          { token: owner.token },
        )
      ).body;
      const res = await mailApi.post(`/api/contacts/${contact.id}/invite`, undefined, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ emailed: true, emailConfigured: true });
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe(M.mail.inviteSubject(owner.name));
      expect(mail.text).toContain('Hi Ivy,');
      expect(smtp.linkIn(mail, '/portal/')).toBe(res.body.url);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('still answers the link when the SMTP server is unreachable (emailed: false)', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    const mailing = await startApp(undefined, { smtpUrl: url });
    try {
      const mailApi = client(mailing.baseUrl);
      const owner = await signUpAgency(mailApi);
      const company = (await mailApi.post('/api/companies', { name: 'Offline Co' }, { token: owner.token })).body;
      const contact = (
        await mailApi.post(
          '/api/contacts',
          { firstName: 'Otto', lastName: 'Offline', email: uniqueEmail(), companyId: company.id, portalAccess: true },
          { token: owner.token },
        )
      ).body;
      const res = await mailApi.post(`/api/contacts/${contact.id}/invite`, undefined, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ emailed: false, emailConfigured: true });
      expect(new URL(res.body.url).pathname).toMatch(new RegExp(`^/portal/${owner.slug}/invite/[a-z0-9]+$`));
      expect(await mailing.database.db.portalInvite.count({ where: { contactId: contact.id } })).toBe(1);
    } finally {
      await mailing.close();
    }
  });
});

describe('the invitation budget (INVITES_PER_AGENCY_PER_HOUR=3, INVITES_PER_USER_PER_HOUR=2)', () => {
  it('answers the portal invite past the budget with 429 and the minutes to wait, makes no link and mails nothing; another agency is unaffected', async () => {
    const smtp = await startSmtpServer();
    const limited = await startApp(undefined, {
      smtpUrl: smtp.url,
      env: { INVITES_PER_AGENCY_PER_HOUR: '3', INVITES_PER_USER_PER_HOUR: '2' },
    });
    try {
      const rest = client(limited.baseUrl);
      const db = limited.database.db;
      const owner = await signUpAgency(rest);
      const ownerBusinessId = (await db.business.findUniqueOrThrow({ where: { slug: owner.slug } })).id;
      const company = (await rest.post('/api/companies', { name: 'Budget Co' }, { token: owner.token })).body;
      const contactOf = async (as: string) =>
        (
          await rest.post(
            '/api/contacts',
            {
              firstName: 'Bud',
              lastName: 'Get',
              email: uniqueEmail('budget'),
              companyId: company.id,
              portalAccess: true,
            },
            { token: as },
          )
        ).body;
      const invite = (as: string, id: number) => rest.post(`/api/contacts/${id}/invite`, undefined, { token: as });

      // The owner's 2: an invite, then a new one for the same contact (a re-send counts too).
      const first = await contactOf(owner.token);
      for (let i = 0; i < 2; i++)
        expect(await invite(owner.token, first.id)).toMatchObject({ status: 200, body: { emailed: true } });
      const spare = await contactOf(owner.token);
      const refused = await invite(owner.token, spare.id);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(59 * 60);
      expect(refused).toMatchObject({
        status: 429,
        body: { code: 'TOO_MANY_REQUESTS', message: M.team.invitesThrottled('user', 2, wait) },
      });
      const nothingFor = async (contact: { id: number; email: string }) => {
        expect(await db.portalInvite.count({ where: { contactId: contact.id } })).toBe(0);
        expect(
          await db.activity.count({
            where: { businessId: ownerBusinessId, entityType: 'contact', entityId: contact.id, action: 'invited' },
          }),
        ).toBe(0);
        expect(smtp.received.some((m) => m.to.includes(contact.email))).toBe(false);
      };
      await nothingFor(spare);
      // "Send invite now" on a new contact spends the same budget: past it, 429 and the contact is not saved either.
      const unsaved = uniqueEmail('unsaved');
      const oneStep = await rest.post(
        '/api/contacts',
        {
          firstName: 'Un',
          lastName: 'Saved',
          email: unsaved,
          companyId: company.id,
          portalAccess: true,
          sendInvite: true,
        },
        { token: owner.token },
      );
      expect(oneStep).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(await db.contact.count({ where: { email: unsaved } })).toBe(0);
      expect(smtp.received.some((m) => m.to.includes(unsaved))).toBe(false);

      // A member has their own 2, but the agency only 1 left; a staff invite and a portal invite share it.
      const member = await addStaff(limited, { businessId: ownerBusinessId }, 'member');
      expect(await invite(member.token, spare.id)).toMatchObject({ status: 200, body: { emailed: true } });
      const last = await contactOf(member.token);
      const full = await invite(member.token, last.id);
      expect(full).toMatchObject({
        status: 429,
        body: { message: M.team.invitesThrottled('agency', 3, Number(full.headers.get('retry-after'))) },
      });
      await nothingFor(last);
      expect(
        await rest.post('/api/team/invites', { email: uniqueEmail('staff'), role: 'member' }, { token: owner.token }),
      ).toMatchObject({ status: 429 });

      // Another agency has its own budget.
      const elsewhere = await signUpAgency(rest);
      const theirCompany = (await rest.post('/api/companies', { name: 'Elsewhere Co' }, { token: elsewhere.token }))
        .body;
      const theirs = (
        await rest.post(
          '/api/contacts',
          { firstName: 'Al', lastName: 'So', email: uniqueEmail(), companyId: theirCompany.id, portalAccess: true },
          { token: elsewhere.token },
        )
      ).body;
      expect(await invite(elsewhere.token, theirs.id)).toMatchObject({ status: 200, body: { emailed: true } });
    } finally {
      await limited.close();
      await smtp.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the contact paths with the spec’s snake_case names', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    const read = doc.paths['/contact/v1/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(read.properties)).toEqual(SNAKE_KEYS);
    expect(
      Object.keys(
        read.properties.company_of_contact.anyOf?.[0]?.properties ?? read.properties.company_of_contact.properties,
      ),
    ).toEqual(['id', 'name']);
    const patch = doc.paths['/contacts/v1/{id}'].patch;
    expect(Object.keys(patch.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'first_name',
        'last_name',
        'email',
        'phone',
        'title',
        'role',
        'company_id',
        'portal_access',
        'portal_password',
      ]),
    );
    expect(patch.responses).toHaveProperty('409');
    expect(doc.paths['/api/contacts'].post.responses).toHaveProperty('409');
    expect(doc.paths['/contacts/v1/{id}/invite'].post).toBeDefined();
    expect(doc.paths['/api/contacts/{id}/invite'].post).toBeDefined();
  });
});

describe('over tRPC', () => {
  it('creates, reads, updates and deletes with Dates and typed errors', async () => {
    const created = await newContact({ title: 'Over tRPC' });
    expect(created.createdAt).toBeInstanceOf(Date);
    const read = await trpc.contacts.get.query({ id: created.id });
    expect(read).toEqual(created);
    const updated = await trpc.contacts.update.mutate({ id: created.id, firstName: 'Renamed' });
    expect(updated.firstName).toBe('Renamed');
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    await trpc.contacts.remove.mutate({ id: created.id });
    await expect(trpc.contacts.get.query({ id: created.id })).rejects.toSatisfy((e) => trpcCode(e) === 'NOT_FOUND');
    await expect(
      trpc.contacts.create.mutate({
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        companyId: other.companies[0].id,
      }),
    ).rejects.toSatisfy((e) => trpcCode(e) === 'NOT_FOUND');
  });
});

describe('getting a client in, in one step (Send invite now / Set a password; Invited / Active / No access)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailing: TestApp;
  let staff: TrpcClient;
  let company: { id: number };
  let slug: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startApp(undefined, { smtpUrl: smtp.url });
    const owner = await signUpAgency(client(mailing.baseUrl));
    slug = owner.slug;
    staff = trpcClient(mailing.baseUrl, { token: owner.token });
    company = await staff.companies.create.mutate({ name: 'One Step Co' });
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('Send invite now: one save makes the contact and the link and sends exactly one mail; Invited, then Active once the invite is accepted', async () => {
    const email = uniqueEmail('invited');
    const created = await staff.contacts.create.mutate({
      firstName: 'Ines',
      lastName: 'Vite',
      email,
      companyId: company.id,
      portalAccess: true,
      sendInvite: true,
    });
    expect(created).toMatchObject({
      portalAccess: true,
      hasPortalPassword: false,
      invitePending: true,
      portalState: 'invited',
      invite: { emailed: true, emailConfigured: true },
    });
    const mail = await smtp.waitFor(email);
    expect(smtp.linkIn(mail, '/portal/')).toBe(created.invite!.url);
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await mailing.database.db.portalInvite.count({ where: { contactId: created.id } })).toBe(1);
    expect((await staff.contacts.list.query({ search: email })).items[0].portalState).toBe('invited');

    const token = new URL(created.invite!.url).pathname.split('/').pop()!;
    await trpcClient(mailing.baseUrl).portalAuth.acceptInvite.mutate({ slug, token, password: STRONG });
    expect(await staff.contacts.get.query({ id: created.id })).toMatchObject({
      portalState: 'active',
      hasPortalPassword: true,
      invitePending: false,
    });
    expect((await staff.contacts.list.query({ search: email })).items[0].portalState).toBe('active');
  });

  it('Send invite now on an existing contact (turning access on in the edit dialog) works the same; Resend keeps it Invited with one live link', async () => {
    const email = uniqueEmail('later');
    const contact = await staff.contacts.create.mutate({
      firstName: 'Lat',
      lastName: 'Er',
      email,
      companyId: company.id,
    });
    expect(contact.portalState).toBe('none');
    const updated = await staff.contacts.update.mutate({ id: contact.id, portalAccess: true, sendInvite: true });
    expect(updated).toMatchObject({ portalState: 'invited', invite: { emailed: true } });
    const resent = await staff.contacts.sendInvite.mutate({ id: contact.id });
    expect(resent.url).not.toBe(updated.invite!.url);
    expect((await staff.contacts.get.query({ id: contact.id })).portalState).toBe('invited');
    expect(await mailing.database.db.portalInvite.count({ where: { contactId: contact.id, usedAt: null } })).toBe(1);
    await settle();
    expect(mailsTo(email)).toHaveLength(2);
    // An update that does not ask for an invite answers no invite.
    expect(await staff.contacts.update.mutate({ id: contact.id, title: 'Buyer' })).not.toHaveProperty('invite');
  });

  it('Set a password: Active at once, no invite link and no mail', async () => {
    const email = uniqueEmail('password');
    const created = await staff.contacts.create.mutate({
      firstName: 'Pass',
      lastName: 'Word',
      email,
      companyId: company.id,
      portalAccess: true,
      portalPassword: STRONG,
    });
    expect(created).toMatchObject({ portalState: 'active', hasPortalPassword: true, invitePending: false });
    expect(created).not.toHaveProperty('invite');
    const existing = await staff.contacts.create.mutate({
      firstName: 'Set',
      lastName: 'Later',
      email: uniqueEmail('setlater'),
      companyId: company.id,
    });
    expect(
      (await staff.contacts.update.mutate({ id: existing.id, portalAccess: true, portalPassword: STRONG })).portalState,
    ).toBe('active');
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
    expect(mailsTo(existing.email)).toHaveLength(0);
    expect(
      await mailing.database.db.portalInvite.count({ where: { contactId: { in: [created.id, existing.id] } } }),
    ).toBe(0);
  });

  it('refuses an invite without portal access, or together with a password, writing and mailing nothing', async () => {
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => ({}),
        (e: Error) => ({ code: trpcCode(e), message: e.message }),
      );
    const email = uniqueEmail('refused');
    expect(
      await refused(
        staff.contacts.create.mutate({
          firstName: 'No',
          lastName: 'Access',
          email,
          companyId: company.id,
          sendInvite: true,
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: M.contacts.portal.inviteNeedsAccess,
    });
    expect(
      await refused(
        staff.contacts.create.mutate({
          firstName: 'Both',
          lastName: 'Ways',
          email,
          companyId: company.id,
          portalAccess: true,
          sendInvite: true,
          portalPassword: STRONG,
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: M.contacts.portal.inviteOrPassword,
    });
    expect(await mailing.database.db.contact.count({ where: { email } })).toBe(0);
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('reads No access when access is off, when the invite expired unused, and after access is revoked', async () => {
    const contact = await staff.contacts.create.mutate({
      firstName: 'Ex',
      lastName: 'Pired',
      email: uniqueEmail('expired'),
      companyId: company.id,
      portalAccess: true,
      sendInvite: true,
    });
    await mailing.database.db.portalInvite.updateMany({
      where: { contactId: contact.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await staff.contacts.get.query({ id: contact.id })).toMatchObject({
      portalAccess: true,
      portalState: 'none',
    });
    const active = await staff.contacts.create.mutate({
      firstName: 'Re',
      lastName: 'Voked',
      email: uniqueEmail('revoked'),
      companyId: company.id,
      portalAccess: true,
      portalPassword: STRONG,
    });
    expect((await staff.contacts.update.mutate({ id: active.id, portalAccess: false })).portalState).toBe('none');
  });
});
