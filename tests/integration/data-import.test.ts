/**
 * Import (POST /api/imports): companies and contacts from CSV (mapping, preview with errors and duplicates, commit
 * in one transaction), Clientflow export zips (refusals of damaged or unsafe archives), permissions and tenancy, and
 * the round trip: an agency exported (GET /api/export.zip) and imported into a fresh agency gives the same data and
 * byte-identical files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from 'archiver';
import { M } from '../../shared/messages';
import { ENTITIES, EXPORT_FORMAT, EXPORT_VERSION, csvPath, jsonPath } from '../../server/data/format';
import {
  ImportBusyError,
  analyseCsv,
  commitCsv,
  oneImportAtATime,
  transactionRefusal,
} from '../../server/data/import-csv';
import { IMPORT_MAX_ROWS } from '../../shared/schemas/data';
import { addStarterTemplates } from '../../server/domain/templates/starters';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { partialUploads, storedKeys } from '../support/stored';
import { addStaff } from '../support/staff';

const I = M.data.import;

const startedAt = Date.now();
let app: TestApp;
let a: Agency;
let other: Agency;

beforeAll(async () => {
  app = await startApp();
  a = await createAgency(app, ['Acme Studio']);
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app?.close());

type ImportOptions = {
  kind: string;
  commit?: boolean;
  applyBusiness?: boolean;
  mapping?: Record<string, string>;
  fileName?: string;
  token?: string | null;
  type?: string;
  cookie?: string;
  origin?: string;
};

/** POST /api/imports as the client sends it (fetch's FormData: the fields, then the file). */
async function importFile(content: Buffer | string, options: ImportOptions) {
  const form = new FormData();
  form.append('kind', options.kind);
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  form.append('commit', options.commit ? 'true' : 'false');
  if (options.applyBusiness) form.append('applyBusiness', 'true');
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: options.type ?? 'text/csv' }),
    options.fileName ?? 'import.csv',
  );
  const headers: Record<string, string> = {};
  const bearer = options.token === undefined ? a.token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const res = await fetch(`${app.baseUrl}/api/imports`, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** What an import could have written for an agency: its row counts and the upload folder. */
async function footprint(businessId: number) {
  const db = app.database.db;
  const where = { where: { businessId } };
  return {
    companies: await db.company.count(where),
    contacts: await db.contact.count(where),
    projects: await db.project.count(where),
    documents: await db.document.count(where),
    activities: await db.activity.count(where),
    files: [...storedKeys(app, businessId), ...partialUploads(app, businessId)],
  };
}

describe('CSV: companies', () => {
  const csv = [
    'Company Name,Industry,Web site,Status,Notes',
    'Birch Bakery,Food,https://birch.example,Active,ok',
    'acme studio,Design,,,already in the agency',
    '"Quince, Quarry",Mining,www.quince.example,at risk,"a note',
    'over two lines"',
    'Nope Inc,,not-a-url,,bad website',
    'BIRCH BAKERY,,,,same as line 2',
    ',Empty,,,no name',
    'Yew Yachts,Boats,,sleeping,bad status',
    '',
  ].join('\r\n');

  it('guesses the mapping from the headers and previews errors, duplicates and new rows with their lines, writing nothing', async () => {
    const before = await footprint(a.businessId);
    const res = await importFile(csv, { kind: 'companies' });
    expect(res.status).toBe(200);
    const preview = res.body;
    expect(preview.headers).toEqual(['Company Name', 'Industry', 'Web site', 'Status', 'Notes']);
    expect(preview.mapping).toEqual({
      name: 'Company Name',
      industry: 'Industry',
      website: 'Web site',
      status: 'Status',
    });
    expect(preview.counts).toEqual({ companies: { new: 2, duplicate: 2, error: 3 } });
    // The quoted cell spans lines 4 and 5, so the bad website is on line 6.
    expect(preview.issues).toEqual([
      { line: 6, field: 'website', message: M.companies.invalidWebsite },
      { line: 8, field: 'name', message: M.companies.nameRequired },
      { line: 9, field: 'status', message: expect.stringContaining('prospect') },
    ]);
    expect(preview.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [6, 'error'],
      [8, 'error'],
      [9, 'error'],
      [3, 'duplicate'],
      [7, 'duplicate'],
      [2, 'new'],
      [4, 'new'],
    ]);
    expect(preview.rows.find((r: { line: number }) => r.line === 3).messages).toEqual([I.companyExists('Acme Studio')]);
    expect(preview.rows.find((r: { line: number }) => r.line === 7).messages).toEqual([I.sameAsLine(2)]);
    expect(preview.rows.find((r: { line: number }) => r.line === 4).values).toMatchObject({
      name: 'Quince, Quarry',
      status: 'at risk',
    });
    expect(await footprint(a.businessId)).toEqual(before);
  });

  it('refuses to commit a file with problems: 400 with line-numbered issues, and nothing is written', async () => {
    const before = await footprint(a.businessId);
    const res = await importFile(csv, { kind: 'companies', commit: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: I.fileProblems(3) });
    expect(res.body.issues.map((i: { line: number }) => i.line)).toEqual([6, 8, 9]);
    expect(await footprint(a.businessId)).toEqual(before);
  });

  it('commits the new rows in one go, skipping duplicates, and logs the import', async () => {
    const good = csv
      .split('\r\n')
      .filter((_l, i) => ![5, 7, 8].includes(i))
      .join('\r\n');
    const before = await footprint(a.businessId);
    const res = await importFile(good, { kind: 'companies', commit: true, fileName: 'clients.csv' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kind: 'companies',
      created: { companies: 2 },
      skipped: { companies: 2 },
      files: 0,
      notes: [],
    });
    const rows = await app.database.db.company.findMany({
      where: { businessId: a.businessId, name: { in: ['Birch Bakery', 'Quince, Quarry'] } },
      orderBy: { name: 'asc' },
    });
    expect(rows.map((r) => [r.name, r.industry, r.website, r.status])).toEqual([
      ['Birch Bakery', 'Food', 'https://birch.example', 'active'],
      // A bare domain is stored with https:// (the one website rule, shared/schemas/companies.ts).
      ['Quince, Quarry', 'Mining', 'https://www.quince.example', 'at-risk'],
    ]);
    expect(await footprint(a.businessId)).toMatchObject({
      companies: before.companies + 2,
      activities: before.activities + 1,
    });
    const entry = await app.database.db.activity.findFirstOrThrow({
      where: { businessId: a.businessId, action: 'imported' },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({ entityType: 'import', entityName: 'clients.csv', actorUserId: a.userId });
  });
});

describe('CSV: contacts', () => {
  it('takes a mapping, semicolons and a company column: links existing companies (any case), creates new ones, skips duplicates', async () => {
    const existing = await app.database.db.contact.findFirstOrThrow({
      where: { businessId: a.businessId },
      select: { email: true, firstName: true, lastName: true },
    });
    const csv = [
      'Vorname;Nachname;Mail;Firma;Position;Rolle',
      'Grace;Hopper;GRACE@navy.example;ACME STUDIO;Rear admiral;Executive',
      `Casey;Again;${existing.email.toUpperCase()};;;`,
      'Alan;Turing;alan@bletchley.example;Bletchley Park;;manager',
      'Alan;Twice;Alan@Bletchley.example;;;',
      'Joan;Clarke;joan@bletchley.example;bletchley park;;',
    ].join('\n');
    const mapping = {
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'Mail',
      company: 'Firma',
      title: 'Position',
      role: 'Rolle',
    };
    const preview = await importFile(csv, { kind: 'contacts', mapping });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ contacts: { new: 3, duplicate: 2, error: 0 } });
    expect(preview.body.newCompanies).toEqual(['Bletchley Park']);
    expect(
      preview.body.rows
        .filter((r: { status: string }) => r.status === 'duplicate')
        .map((r: { line: number; messages: string[] }) => [r.line, r.messages]),
    ).toEqual([
      [3, [I.contactExists(`${existing.firstName} ${existing.lastName}`)]],
      [5, [I.sameAsLine(4)]],
    ]);

    const before = await footprint(a.businessId);
    const res = await importFile(csv, { kind: 'contacts', mapping, commit: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kind: 'contacts',
      created: { companies: 1, contacts: 3 },
      skipped: { contacts: 2 },
      files: 0,
      notes: [],
    });
    const rows = await app.database.db.contact.findMany({
      where: {
        businessId: a.businessId,
        email: { in: ['grace@navy.example', 'alan@bletchley.example', 'joan@bletchley.example'] },
      },
      include: { company: { select: { name: true } } },
      orderBy: { email: 'asc' },
    });
    expect(rows.map((r) => [r.email, r.firstName, r.title, r.role, r.company?.name, r.portalAccess])).toEqual([
      ['alan@bletchley.example', 'Alan', null, 'manager', 'Bletchley Park', false],
      ['grace@navy.example', 'Grace', 'Rear admiral', 'executive', 'Acme Studio', false],
      ['joan@bletchley.example', 'Joan', null, null, 'Bletchley Park', false],
    ]);
    expect(await footprint(a.businessId)).toMatchObject({
      companies: before.companies + 1,
      contacts: before.contacts + 3,
    });
  });

  it("never links to another agency's company of the same name", async () => {
    const csv = 'First name,Last name,Email,Company\nFay,Foreign,fay@foundry.example,Foreign Foundry\n';
    const preview = await importFile(csv, { kind: 'contacts' });
    expect(preview.body.newCompanies).toEqual(['Foreign Foundry']);
    const res = await importFile(csv, { kind: 'contacts', commit: true });
    expect(res.status).toBe(200);
    const contact = await app.database.db.contact.findFirstOrThrow({
      where: { email: 'fay@foundry.example' },
      include: { company: true },
    });
    expect(contact.businessId).toBe(a.businessId);
    expect(contact.company).toMatchObject({ businessId: a.businessId, name: 'Foreign Foundry' });
    expect(contact.companyId).not.toBe(other.companies[0].id);
    expect(
      await app.database.db.contact.count({ where: { businessId: other.businessId, email: 'fay@foundry.example' } }),
    ).toBe(0);
  });

  it('reports a missing required column and bad rows; a commit writes nothing', async () => {
    const before = await footprint(a.businessId);
    const noEmail = await importFile('First name,Last name\nAda,Byron\n', { kind: 'contacts', commit: true });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.issues).toEqual([
      { line: null, field: 'email', message: I.fieldRequired(I.fieldLabels.email) },
    ]);
    const badRows = await importFile(
      'First name,Last name,Email,Role\n,Byron,ada@x.example,\nAda,Byron,not-an-email,\nAda,Byron,ada2@x.example,chief\n',
      { kind: 'contacts', commit: true },
    );
    expect(badRows.status).toBe(400);
    expect(badRows.body.issues.map((i: { line: number; field: string }) => [i.line, i.field])).toEqual([
      [2, 'firstName'],
      [3, 'email'],
      [4, 'role'],
    ]);
    expect(badRows.body.issues[1].message).toBe(M.auth.invalidEmail);
    expect(await footprint(a.businessId)).toEqual(before);
  });
});

describe('CSV: files that are not CSV, and the form', () => {
  it('refuses with a sentence, never a 500', async () => {
    const cases: [Buffer | string, ImportOptions, string][] = [
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]), { kind: 'companies' }, I.notCsv],
      ['   \n\n', { kind: 'companies' }, I.emptyFile],
      ['Name\n', { kind: 'companies' }, I.noRows],
      ['Name\n"unclosed\n', { kind: 'companies' }, I.csvUnreadable(2)],
      ['Name\nAcme\n', { kind: 'invoices' }, M.data.import.kindInvalid],
      ['Name\nAcme\n', { kind: 'companies', mapping: { name: 'Title' } }, I.unknownColumn('Title')],
      ['Name\nAcme\n', { kind: 'archive', token: a.token }, I.notZip],
    ];
    for (const [content, options, message] of cases) {
      const res = await importFile(content, options);
      expect([res.status, res.body.message ?? res.body.issues?.[0]?.message]).toEqual([
        res.status === 200 ? 200 : 400,
        message,
      ]);
    }
    const bad = await fetch(`${app.baseUrl}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(400);
    const noFile = new FormData();
    noFile.append('kind', 'companies');
    const none = await fetch(`${app.baseUrl}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: noFile,
    });
    expect([none.status, (await none.json()).message]).toEqual([400, I.noFile]);
  });
});

describe('CSV: limits and spreadsheet quirks', () => {
  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_v, i) => `Co ${i}`);
    const res = await importFile(`Name\n${rows.join('\n')}\n`, { kind: 'companies' });
    expect([res.status, res.body.message]).toEqual([400, I.tooManyRows(IMPORT_MAX_ROWS.toLocaleString('en-US'))]);
  });

  it('refuses a CSV over 10 MB with 413', async () => {
    const big = `Name,Notes\n${'Big Co,'.padEnd(1000, 'x')}\n`.repeat(10_700);
    const res = await importFile(big, { kind: 'companies' });
    expect([res.status, res.body.message]).toEqual([413, I.csvTooLarge('10 MB')]);
  });

  it("reads tabs, a byte-order mark, and drops the apostrophe a CSV download puts before '+' or '='", async () => {
    const res = await importFile(`\uFEFFCompany\tTelephone\r\nTabby Ltd\t'+1 555 0100\r\n`, { kind: 'companies' });
    expect(res.body.mapping).toEqual({ name: 'Company', phone: 'Telephone' });
    expect(res.body.rows[0]).toMatchObject({
      line: 2,
      status: 'new',
      values: { name: 'Tabby Ltd', phone: '+1 555 0100' },
    });
  });

  it('drops the apostrophe before the full-width and padded formula starts our exports guard too, and keeps any other', async () => {
    const res = await importFile(`Company,Industry\n'＝Full width,'  -padded\n'Quoted,Plain\n`, { kind: 'companies' });
    expect(res.body.rows.map((r: { values: object }) => r.values)).toEqual([
      { name: '＝Full width', industry: '-padded' },
      { name: "'Quoted", industry: 'Plain' },
    ]);
  });
});

describe('who may import', () => {
  it('refuses without a session, with a portal session, and a member; an admin imports CSV but not an export', async () => {
    const csv = 'Name\nRole Test Co\n';
    expect((await importFile(csv, { kind: 'companies', token: null })).status).toBe(401);
    expect((await importFile(csv, { kind: 'companies', token: a.portal.token })).status).toBe(401);
    const member = await addStaff(app, a, 'member');
    expect(await importFile(csv, { kind: 'companies', token: member.token, commit: true })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: M.permissions.forbidden },
    });
    const admin = await addStaff(app, a, 'admin');
    expect((await importFile(csv, { kind: 'companies', token: admin.token })).status).toBe(200);
    const zip = await buildArchive();
    expect(
      await importFile(zip, { kind: 'archive', token: admin.token, commit: true, type: 'application/zip' }),
    ).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: M.permissions.ownerOnly },
    });
    expect(await app.database.db.company.count({ where: { businessId: a.businessId, name: 'Role Test Co' } })).toBe(0);
  });

  it('refuses a cookie POST from another origin', async () => {
    const res = await importFile('Name\nX\n', {
      kind: 'companies',
      token: null,
      cookie: `cf_session=${a.token}`,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Zip archives built in the test, per server/data/format.ts

const AT = '2026-01-02T03:04:05.000Z';
const BRIEF = Buffer.from('The brief, byte for byte.\n');
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

type ArchiveParts = {
  manifest: Record<string, unknown>;
  data: Record<string, unknown[]>;
  business: unknown;
  files: Record<string, Buffer>;
};

function archiveParts(): ArchiveParts {
  const data: Record<string, unknown[]> = Object.fromEntries(ENTITIES.map((e) => [e.name, []]));
  data.companies = [
    {
      id: 7,
      name: 'Zip Zebra Co',
      industry: null,
      website: null,
      address: null,
      phone: null,
      status: 'active',
      createdAt: AT,
      updatedAt: AT,
    },
  ];
  data.contacts = [
    {
      id: 9,
      companyId: 7,
      firstName: 'Zed',
      lastName: 'Zipper',
      email: 'zed@zip.example',
      phone: null,
      role: null,
      title: null,
      portalAccess: false,
      notifyByEmail: true,
      createdAt: AT,
      updatedAt: AT,
    },
  ];
  data.documents = [
    {
      id: 3,
      companyId: 7,
      projectId: null,
      name: 'Brief',
      type: 'contract',
      url: '/api/documents/3/download',
      mimeType: 'text/plain',
      originalName: 'brief.txt',
      size: BRIEF.length,
      uploadedById: null,
      visibleInPortal: true,
      createdAt: AT,
      file: 'files/3/brief.txt',
    },
  ];
  const files = { 'files/3/brief.txt': BRIEF };
  const manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: AT,
    scope: { kind: 'agency' },
    business: { name: 'Zip Agency', slug: 'zip-agency' },
    entities: ENTITIES.map((e) => ({
      name: e.name,
      json: jsonPath(e.name),
      csv: csvPath(e.name),
      count: data[e.name].length,
    })),
    files: Object.entries(files).map(([p, bytes]) => ({ path: p, size: bytes.length, sha256: sha256(bytes) })),
    logo: null,
  };
  return { manifest, data, business: { name: 'Zip Agency', slug: 'zip-agency' }, files };
}

async function zipOf(entries: [string, Buffer | string][]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const [name, content] of entries) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

async function buildArchive(
  change: (parts: ArchiveParts) => void = () => {},
  extra: [string, Buffer | string][] = [],
): Promise<Buffer> {
  const parts = archiveParts();
  change(parts);
  return zipOf([
    ...Object.entries(parts.data).map(([name, rows]): [string, string] => [jsonPath(name), JSON.stringify(rows)]),
    ['data/business.json', JSON.stringify(parts.business)],
    ...Object.entries(parts.files),
    ...extra,
    ['manifest.json', JSON.stringify(parts.manifest)],
  ]);
}

describe('Clientflow export zips', () => {
  let zipAgency: Agency;
  beforeAll(async () => {
    zipAgency = await createAgency(app, ['Home Harbour']);
  });
  const send = (zip: Buffer, commit = true) =>
    importFile(zip, {
      kind: 'archive',
      commit,
      token: zipAgency.token,
      type: 'application/zip',
      fileName: 'export.zip',
    });

  it('refuses damaged or unsafe archives with a 400 and writes nothing', async () => {
    const before = await footprint(zipAgency.businessId);
    const traversal = await buildArchive(() => {}, [['xx/evil.txt', 'gotcha']]);
    const cases: [string, Buffer, string | RegExp, number | null][] = [
      ['not an export', await zipOf([['hello.txt', 'hi']]), I.notExport, null],
      ['another format', await buildArchive((p) => void (p.manifest.format = 'something-else')), I.notExport, null],
      ['a newer version', await buildArchive((p) => void (p.manifest.version = 2)), I.newerVersion('2'), null],
      [
        'a missing data file',
        await buildArchive((p) => void delete p.data.tasks),
        I.missingPart('data/tasks.json'),
        null,
      ],
      [
        'a missing stored file',
        await buildArchive((p) => void delete p.files['files/3/brief.txt']),
        I.fileProblems(1),
        2,
      ],
      [
        'a changed stored file',
        await buildArchive((p) => void (p.files['files/3/brief.txt'] = Buffer.from('The brief, byte for bytE.\n'))),
        I.fileProblems(1),
        2,
      ],
      [
        'a dangling reference',
        await buildArchive((p) => void ((p.data.contacts[0] as { companyId: number }).companyId = 99)),
        I.fileProblems(1),
        2,
      ],
      [
        'a wrong type',
        await buildArchive((p) => void ((p.data.companies[0] as { createdAt: unknown }).createdAt = 'yesterday')),
        I.fileProblems(1),
        2,
      ],
      [
        'a path with ..',
        Buffer.from(traversal.toString('latin1').replaceAll('xx/evil.txt', '../evil.txt'), 'latin1'),
        /unsafe name/,
        null,
      ],
    ];
    for (const [what, zip, message, line] of cases) {
      const res = await send(zip);
      expect([what, res.status, res.body.message]).toEqual([
        what,
        400,
        message instanceof RegExp ? expect.stringMatching(message) : message,
      ]);
      if (line !== null) expect([what, res.body.issues[0].line]).toEqual([what, line]);
    }
    const dangling = await send(
      await buildArchive((p) => void ((p.data.contacts[0] as { companyId: number }).companyId = 99)),
    );
    expect(dangling.body.issues).toEqual([
      { line: 2, entity: 'contacts', field: 'companyId', message: I.danglingRef('companyId', 99) },
    ]);
    expect(await footprint(zipAgency.businessId)).toEqual(before);
  });

  it('rolls everything back, the stored files included, when the database refuses a row half-way', async () => {
    const before = await footprint(zipAgency.businessId);
    // Two answers to one field of one submission: only the database's unique index notices, after the file is stored.
    const zip = await buildArchive((p) => {
      p.data.flows = [
        {
          id: 1,
          flowUid: 'f1',
          companyId: 7,
          createdById: null,
          name: 'Intake',
          description: '',
          workflowType: 'collect',
          isActive: true,
          createdAt: AT,
          updatedAt: AT,
        },
      ];
      p.data.flowSteps = [
        { id: 1, flowId: 1, stepOrder: 1, stepTitle: 'One', content: '', createdAt: AT, updatedAt: AT },
      ];
      p.data.flowFields = [
        {
          id: 1,
          flowStepId: 1,
          fieldLabel: 'Name',
          fieldType: 'text',
          isRequired: false,
          options: {},
          helpText: null,
          order: 0,
          createdAt: AT,
        },
      ];
      p.data.flowSubmissions = [
        {
          id: 1,
          flowId: 1,
          contactId: 9,
          companyId: 7,
          status: 'in_progress',
          currentStep: 1,
          completedAt: null,
          createdAt: AT,
          updatedAt: AT,
        },
      ];
      p.data.flowAnswers = [
        { id: 1, submissionId: 1, flowFieldId: 1, value: 'a' },
        { id: 2, submissionId: 1, flowFieldId: 1, value: 'b' },
      ];
    });
    expect((await send(zip, false)).body.issues).toEqual([]);
    const res = await send(zip);
    expect([res.status, res.body.message]).toEqual([400, I.exportConflict]);
    expect(await footprint(zipAgency.businessId)).toEqual(before);
  });

  it('previews an export, then imports it with the file, and a second import finds the duplicates', async () => {
    const zip = await buildArchive();
    const preview = await send(zip, false);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'archive',
      source: { businessName: 'Zip Agency', exportedAt: AT, scope: 'agency' },
      counts: {
        companies: { new: 1, duplicate: 0, error: 0 },
        contacts: { new: 1, duplicate: 0, error: 0 },
        documents: { new: 1, duplicate: 0, error: 0 },
      },
      issues: [],
    });
    const res = await send(zip);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'archive', created: { companies: 1, contacts: 1, documents: 1 }, files: 1 });
    expect(res.body.notes).toEqual([I.noteActivities, I.noteBusiness]);
    const doc = await app.database.db.document.findFirstOrThrow({
      where: { businessId: zipAgency.businessId, name: 'Brief' },
    });
    expect(doc.url).toBe(`/api/documents/${doc.id}/download`);
    const download = await fetch(`${app.baseUrl}${doc.url}`, {
      headers: { authorization: `Bearer ${zipAgency.token}` },
    });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(BRIEF);
    const contact = await app.database.db.contact.findFirstOrThrow({
      where: { businessId: zipAgency.businessId, email: 'zed@zip.example' },
      include: { company: true },
    });
    expect(contact.company?.name).toBe('Zip Zebra Co');
    // This zip has no archivedAt, as those written before companies could be archived: its companies are live.
    expect(contact.company?.archivedAt).toBeNull();
    expect(contact.createdAt.toISOString()).toBe(AT);

    const again = await send(zip, false);
    expect(again.body.counts).toMatchObject({
      companies: { new: 0, duplicate: 1, error: 0 },
      contacts: { new: 0, duplicate: 1, error: 0 },
    });
    const second = await send(zip);
    expect(second.body).toMatchObject({
      skipped: { companies: 1, contacts: 1 },
      created: { companies: 0, contacts: 0, documents: 1 },
    });
    // The second copy of the file belongs to the company that was already there.
    const docs = await app.database.db.document.findMany({
      where: { businessId: zipAgency.businessId, name: 'Brief' },
    });
    expect(new Set(docs.map((d) => d.companyId))).toEqual(new Set([contact.companyId]));
  });
});

describe('export zips: what the app itself would refuse', () => {
  let agency: Agency;
  beforeAll(async () => {
    agency = await createAgency(app, ['Domain Dock']);
  });
  const send = (zip: Buffer, commit = true) =>
    importFile(zip, { kind: 'archive', commit, token: agency.token, type: 'application/zip', fileName: 'export.zip' });

  it('previews bad values, duplicate keys and shared files with their lines, and a commit writes none of them', async () => {
    const before = await footprint(agency.businessId);
    const zip = await buildArchive((p) => {
      const company = p.data.companies[0] as Record<string, unknown>;
      p.data.companies.push(
        { ...company, id: 8, name: 'Bad Status', status: 'archived' },
        { ...company, id: 9, name: 'x'.repeat(201) },
        { ...company, id: 10, name: 'Web', website: 'javascript:alert(1)' },
        { ...company, id: 7, name: 'Same id' },
        { ...company, id: 11, name: 'Archived when?', archivedAt: 'last year' },
      );
      const contact = p.data.contacts[0] as Record<string, unknown>;
      p.data.contacts.push(
        { ...contact, id: 10, email: 'not-an-email' },
        { ...contact, id: 11, email: 'role@zip.example', role: 'boss' },
      );
      const doc = p.data.documents[0] as Record<string, unknown>;
      p.data.documents.push(
        { ...doc, id: 4, size: 3_000_000_000 },
        { ...doc, id: 5, type: 'memo', file: 'files/3/brief.txt' },
      );
      p.data.resources = [
        {
          id: 1,
          companyId: 7,
          projectId: null,
          title: 'Logins',
          description: '',
          type: 'information',
          status: 'gone',
          visibleToClient: false,
          createdAt: AT,
          updatedAt: AT,
        },
      ];
      p.data.resourceDetails = [
        { id: 1, resourceId: 1, key: 'Key', value: 'a', position: 0 },
        { id: 2, resourceId: 1, key: 'Key', value: 'b', position: 1 },
      ];
      p.data.flows = [
        {
          id: 1,
          flowUid: 'f1',
          companyId: 7,
          createdById: null,
          name: 'Intake',
          description: '',
          workflowType: 'survey',
          isActive: true,
          createdAt: AT,
          updatedAt: AT,
        },
      ];
      p.data.flowSubmissions = [
        {
          id: 1,
          flowId: 1,
          contactId: 9,
          companyId: 7,
          status: 'in_progress',
          currentStep: 1,
          completedAt: null,
          createdAt: AT,
          updatedAt: AT,
        },
        {
          id: 2,
          flowId: 1,
          contactId: 9,
          companyId: 7,
          status: 'done',
          currentStep: 1,
          completedAt: null,
          createdAt: AT,
          updatedAt: AT,
        },
      ];
    });
    const preview = await send(zip, false);
    expect(preview.status).toBe(200);
    const issues = preview.body.issues.map((i: { entity: string; line: number; field: string; message: string }) => [
      i.entity,
      i.line,
      i.field,
      i.message,
    ]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['companies', 3, 'status', I.notOneOf('status', 'prospect, onboarding, active, canceled, paused, at-risk')],
        ['companies', 4, 'name', I.tooLongValue('name', 200)],
        ['companies', 5, 'website', I.badWebsite('website')],
        ['companies', 6, 'id', I.sameIdInExport(2)],
        ['companies', 7, 'archivedAt', I.columnType('archivedAt', I.typeLabels.date)],
        ['contacts', 3, 'email', I.badEmail('email')],
        ['contacts', 4, 'role', I.notOneOf('role', 'executive, manager, contributor')],
        ['documents', 3, 'size', I.outOfRange('size')],
        ['documents', 4, 'type', expect.stringContaining('“type” must be one of')],
        ['documents', 4, 'file', I.sameFileInExport(2)],
        ['resources', 2, 'status', expect.stringContaining('“status” must be one of')],
        ['resourceDetails', 3, 'key', I.sameDetailInExport(2)],
        ['flows', 2, 'workflowType', I.notOneOf('workflowType', 'onboard, collect, inform')],
        ['flowSubmissions', 3, 'status', I.notOneOf('status', 'in_progress, completed')],
        ['flowSubmissions', 3, 'contactId', I.sameSubmissionInExport(2)],
      ]),
    );
    const shown = preview.body.rows.find(
      (r: { line: number; values: { name: string } }) => r.values.name === 'Bad Status',
    );
    expect(shown).toMatchObject({ status: 'error', messages: [expect.stringContaining('“status” must be one of')] });
    const res = await send(zip);
    expect([res.status, res.body.message]).toEqual([400, I.fileProblems(res.body.issues.length)]);
    expect(await footprint(agency.businessId)).toEqual(before);
  });

  it("imports a link to the source's download route without a link, and says so", async () => {
    const zip = await buildArchive((p) => {
      p.data.documents.push({
        ...(p.data.documents[0] as Record<string, unknown>),
        id: 4,
        name: 'Lost file',
        url: '/api/documents/4/download',
        file: null,
        size: 10,
      });
    });
    const res = await send(zip);
    expect(res.status).toBe(200);
    expect(res.body.notes).toContain(I.noteSourceLinks(1));
    const lost = await app.database.db.document.findFirstOrThrow({
      where: { businessId: agency.businessId, name: 'Lost file' },
    });
    expect([lost.url, lost.storageKey]).toEqual(['', null]);
    const brief = await app.database.db.document.findFirstOrThrow({
      where: { businessId: agency.businessId, name: 'Brief' },
    });
    expect(brief.url).toBe(`/api/documents/${brief.id}/download`);
  });

  it('an export written before projects and tasks could be internal (no visibleToClient, no internal) keeps its behaviour: projects shown, tasks not internal', async () => {
    const db = app.database.db;
    const project = {
      id: 5,
      projectUid: 'old-uid-1',
      companyId: 7,
      name: 'Old shared work',
      description: null,
      status: 'in-progress',
      priority: 'medium',
      startDate: null,
      completionDate: null,
      totalHoursEstimated: null,
      totalHoursWorked: null,
      totalBilledCents: null,
      createdAt: AT,
      updatedAt: AT,
    };
    const task = {
      id: 6,
      projectId: 5,
      title: 'Old visible task',
      description: null,
      status: 'pending',
      priority: 'medium',
      dueDate: null,
      assigneeId: null,
      completedAt: null,
      createdAt: AT,
      updatedAt: AT,
    };
    const zip = await buildArchive((p) => {
      p.data.companies[0] = { ...(p.data.companies[0] as object), name: 'Legacy Lane' };
      p.data.contacts[0] = { ...(p.data.contacts[0] as object), email: 'legacy@zip.example' };
      p.data.projects = [
        project,
        { ...project, id: 8, projectUid: 'new-uid-2', name: 'New internal work', visibleToClient: false },
      ];
      p.data.tasks = [task, { ...task, id: 9, projectId: 8, title: 'New internal task', internal: true }];
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const projects = await db.project.findMany({
      where: { businessId: agency.businessId, name: { in: ['Old shared work', 'New internal work'] } },
      orderBy: { name: 'asc' },
    });
    expect(projects.map((p) => [p.name, p.visibleToClient])).toEqual([
      ['New internal work', false],
      ['Old shared work', true],
    ]);
    const tasks = await db.task.findMany({
      where: { businessId: agency.businessId, title: { in: ['Old visible task', 'New internal task'] } },
      orderBy: { title: 'asc' },
    });
    expect(tasks.map((t) => [t.title, t.internal])).toEqual([
      ['New internal task', true],
      ['Old visible task', false],
    ]);
    // Any other missing column is still a problem with its line.
    const broken = await buildArchive((p) => {
      const { name: _n, ...nameless } = project;
      p.data.projects = [nameless];
    });
    const refused = await send(broken, false);
    expect(refused.body.issues).toContainEqual(
      expect.objectContaining({ entity: 'projects', field: 'name', message: I.columnMissing('name') }),
    );
  });

  it('an export written before issue 29 (older status words, a bare-domain website) imports with the current rules', async () => {
    const db = app.database.db;
    const project = {
      id: 5,
      projectUid: 'older-words-1',
      companyId: 7,
      name: 'Older active work',
      description: null,
      status: 'active',
      priority: 'medium',
      startDate: null,
      completionDate: null,
      totalHoursEstimated: null,
      totalHoursWorked: null,
      totalBilledCents: null,
      visibleToClient: true,
      createdAt: AT,
      updatedAt: AT,
    };
    const zip = await buildArchive((p) => {
      p.data.companies[0] = {
        ...(p.data.companies[0] as object),
        name: 'Older Words Co',
        website: 'olderwords.example',
      };
      p.data.contacts[0] = { ...(p.data.contacts[0] as object), email: 'older-words@zip.example' };
      p.data.projects = [
        project,
        { ...project, id: 8, projectUid: 'older-words-2', name: 'Older completed work', status: 'completed' },
      ];
      p.data.tasks = [];
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const company = await db.company.findFirstOrThrow({
      where: { businessId: agency.businessId, name: 'Older Words Co' },
    });
    expect(company.website).toBe('https://olderwords.example');
    const projects = await db.project.findMany({
      where: { businessId: agency.businessId, name: { in: ['Older active work', 'Older completed work'] } },
      orderBy: { name: 'asc' },
    });
    expect(projects.map((p) => [p.name, p.status])).toEqual([
      ['Older active work', 'in-progress'],
      ['Older completed work', 'complete'],
    ]);
  });

  it('an export written before steps could mix text and fields (no stepType, addedContent, addedFields) keeps each step’s shape; a newer one keeps its blocks', async () => {
    const db = app.database.db;
    const flow = {
      id: 11,
      flowUid: 'zip-flow-mixed',
      companyId: 7,
      createdById: null,
      name: 'Zip intake',
      description: 'Old and new steps',
      workflowType: 'collect',
      isActive: true,
      createdAt: AT,
      updatedAt: AT,
    };
    const step = {
      id: 12,
      flowId: 11,
      stepOrder: 1,
      stepTitle: 'Old questions',
      content: '',
      createdAt: AT,
      updatedAt: AT,
    };
    const zip = await buildArchive((p) => {
      p.data.companies[0] = { ...(p.data.companies[0] as object), name: 'Mixed Meadow' };
      p.data.contacts[0] = { ...(p.data.contacts[0] as object), email: 'mixed@zip.example' };
      p.data.flows = [flow];
      p.data.flowSteps = [
        step,
        {
          ...step,
          id: 13,
          stepOrder: 2,
          stepTitle: 'Welcome + form',
          content: '## Hi',
          stepType: 'form',
          addedContent: true,
          addedFields: false,
        },
      ];
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const steps = await db.flowStep.findMany({
      where: { businessId: agency.businessId, stepTitle: { in: ['Old questions', 'Welcome + form'] } },
      orderBy: { stepOrder: 'asc' },
    });
    expect(steps.map((s) => [s.stepTitle, s.stepType, s.addedContent, s.addedFields])).toEqual([
      ['Old questions', null, false, false],
      ['Welcome + form', 'form', true, false],
    ]);
    // A step type the app does not know is refused with its line.
    const unknown = await buildArchive((p) => {
      p.data.flows = [flow];
      p.data.flowSteps = [{ ...step, stepType: 'banner', addedContent: false, addedFields: false }];
    });
    expect((await send(unknown, false)).body.issues).toContainEqual(
      expect.objectContaining({ entity: 'flowSteps', field: 'stepType' }),
    );
  });

  it('answers 409 with a sentence while another import of the agency runs', async () => {
    let release = () => {};
    let holding = () => {};
    const lockHeld = new Promise<void>((resolve) => (holding = resolve));
    const held = oneImportAtATime(app.database.db, agency.businessId, () => {
      holding();
      return new Promise<void>((resolve) => (release = resolve));
    });
    // The other import holds the lock before these requests arrive (not a race with taking it).
    await lockHeld;
    const res = await send(await buildArchive());
    const csv = await importFile('Company name\nBusy Co\n', { kind: 'companies', commit: true, token: agency.token });
    release();
    await held;
    expect([res.status, res.body.message, csv.status, csv.body.message]).toEqual([409, I.busy, 409, I.busy]);
    // Previews are not held up.
    expect((await importFile('Company name\nBusy Co\n', { kind: 'companies', token: agency.token })).status).toBe(200);
  });

  it('takes export zips up to IMPORT_MAX_BYTES, not the upload limit', async () => {
    const zip = await buildArchive(
      (p) => void (p.files['files/3/brief.txt'] = BRIEF),
      [['padding.bin', crypto.randomBytes(8_000)]],
    );
    const post = async (other: TestApp) => {
      const form = new FormData();
      form.append('kind', 'archive');
      form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'export.zip');
      const res = await fetch(`${other.baseUrl}/api/imports`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${agency.token}` },
      });
      return { status: res.status, body: await res.json() };
    };
    const roomy = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: '1000' } });
    const tight = await startApp(undefined, { env: { IMPORT_MAX_BYTES: '4000' } });
    try {
      expect(roomy.env.IMPORT_MAX_BYTES).toBe(2 ** 31 - 1);
      expect((await post(roomy)).status).toBe(200);
      const refused = await post(tight);
      expect([refused.status, refused.body.message]).toEqual([413, expect.stringContaining('larger than')]);
    } finally {
      await roomy.close();
      await tight.close();
    }
  });

  it('turns a timed-out, conflicting or busy transaction into that sentence', () => {
    for (const error of [{ code: 'P2028' }, { code: 'P2034' }, new Error('SQLITE_BUSY: database is locked')]) {
      expect(transactionRefusal(error)).toBeInstanceOf(ImportBusyError);
    }
    expect(transactionRefusal({ code: 'P2025' })).toBeNull();
  });

  it('skips a company or contact added between the preview and the commit, never creating it twice', async () => {
    const db = app.database.db;
    const actor = { type: 'staff' as const, userId: agency.userId, name: 'Tester' };
    const companies = await analyseCsv(
      db,
      agency.businessId,
      'companies',
      Buffer.from('Company name\nLate Lantern\nEarly Elm\n'),
      undefined,
    );
    const contacts = await analyseCsv(
      db,
      agency.businessId,
      'contacts',
      Buffer.from(
        'First name,Last name,Email,Company\nLia,Late,lia@late.example,Late Lantern\nEd,Early,ed@early.example,\n',
      ),
      undefined,
    );
    // Meanwhile (another import, the hub):
    await db.company.create({ data: { businessId: agency.businessId, name: 'late lantern' } });
    await db.contact.create({
      data: { businessId: agency.businessId, firstName: 'Lia', lastName: 'Late', email: 'lia@late.example' },
    });
    const one = await commitCsv(db, agency.businessId, actor, 'companies', 'c.csv', companies);
    const two = await commitCsv(db, agency.businessId, actor, 'contacts', 'p.csv', contacts);
    expect([one.created, one.skipped, two.created, two.skipped]).toEqual([
      { companies: 1 },
      { companies: 1 },
      { contacts: 1 },
      { contacts: 1 },
    ]);
    expect(
      await db.company.count({
        where: { businessId: agency.businessId, name: { in: ['late lantern', 'Late Lantern'] } },
      }),
    ).toBe(1);
    expect(await db.contact.count({ where: { businessId: agency.businessId, email: 'lia@late.example' } })).toBe(1);
  });

  it('lists the first 500 problems of a file and counts the rest', async () => {
    const csv = `Company name,Website\n${Array.from({ length: 600 }, (_, i) => `Co ${i},not a url`).join('\n')}\n`;
    const res = await importFile(csv, { kind: 'companies', token: agency.token });
    expect(res.body.issues).toHaveLength(501);
    expect(res.body.issues[500]).toEqual({ line: null, message: I.moreIssues(100) });
    const commit = await importFile(csv, { kind: 'companies', commit: true, token: agency.token });
    expect([commit.status, commit.body.message]).toEqual([400, I.fileProblems(600)]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe('export zips: templates', () => {
  let agency: Agency;
  beforeAll(async () => {
    agency = await createAgency(app, ['Template Terrace']);
  });
  const send = (zip: Buffer, commit = true) =>
    importFile(zip, { kind: 'archive', commit, token: agency.token, type: 'application/zip', fileName: 'export.zip' });
  const steps = [{ stepTitle: 'Welcome', content: 'Hi', fields: [] }];
  const flowTemplate = (id: number, name: string) => ({
    id,
    name,
    description: 'Flow template',
    workflowType: 'collect',
    steps,
    createdAt: AT,
    updatedAt: AT,
  });
  const projectTemplate = (id: number, name: string) => ({
    id,
    name,
    description: null,
    createdAt: AT,
    updatedAt: AT,
  });
  const task = (id: number, templateId: number, position: number, title = `Task ${id}`) => ({
    id,
    templateId,
    title,
    description: null,
    priority: 'medium',
    dueOffsetDays: position,
    internal: false,
    position,
  });
  const templates = async () => {
    const db = app.database.db;
    const where = { where: { businessId: agency.businessId } };
    return {
      project: await db.projectTemplate.count(where),
      flow: await db.flowTemplate.count(where),
      tasks: await db.projectTemplateTask.count(where),
      links: await db.projectTemplateFlow.count(where),
    };
  };

  it('recreates templates with new ids and their links rewritten; a name the agency has is skipped with its tasks, and links the existing one', async () => {
    const db = app.database.db;
    const existingFlow = await db.flowTemplate.findFirstOrThrow({ where: { businessId: agency.businessId } });
    const existingProject = await db.projectTemplate.findFirstOrThrow({ where: { businessId: agency.businessId } });
    const zip = await buildArchive((p) => {
      p.data.companies[0] = { ...(p.data.companies[0] as object), name: 'Template Tarn' };
      p.data.contacts[0] = { ...(p.data.contacts[0] as object), email: 'tarn@zip.example' };
      p.data.flowTemplates = [flowTemplate(5, 'Zip intake'), flowTemplate(6, existingFlow.name.toUpperCase())];
      p.data.projectTemplates = [projectTemplate(5, 'Zip launch'), projectTemplate(7, ` ${existingProject.name} `)];
      p.data.projectTemplateTasks = [task(1, 5, 1, 'Second'), task(2, 5, 0, 'First'), task(3, 7, 0)];
      p.data.projectTemplateFlows = [
        { projectTemplateId: 5, flowTemplateId: 5 },
        { projectTemplateId: 5, flowTemplateId: 6 },
        { projectTemplateId: 7, flowTemplateId: 5 },
      ];
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const before = await templates();
    const preview = await send(zip, false);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.counts).toMatchObject({
      flowTemplates: { new: 1, duplicate: 1, error: 0 },
      projectTemplates: { new: 1, duplicate: 1, error: 0 },
      projectTemplateTasks: { new: 2, duplicate: 1, error: 0 },
      projectTemplateFlows: { new: 2, duplicate: 1, error: 0 },
    });
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notes).toContain(I.noteTemplates(2));
    expect(await templates()).toEqual({
      project: before.project + 1,
      flow: before.flow + 1,
      tasks: before.tasks + 2,
      links: before.links + 2,
    });
    const created = await db.projectTemplate.findFirstOrThrow({
      where: { businessId: agency.businessId, name: 'Zip launch' },
      include: { tasks: { orderBy: { position: 'asc' } }, flows: { include: { flowTemplate: true } } },
    });
    expect(created.id).not.toBe(5);
    expect(created.tasks.map((t) => [t.title, t.dueOffsetDays, t.position])).toEqual([
      ['First', 0, 0],
      ['Second', 1, 1],
    ]);
    const zipFlow = await db.flowTemplate.findFirstOrThrow({
      where: { businessId: agency.businessId, name: 'Zip intake' },
    });
    expect(JSON.parse(zipFlow.steps)).toEqual(steps);
    expect(created.flows.map((f) => f.flowTemplateId).sort((x, y) => x - y)).toEqual(
      [zipFlow.id, existingFlow.id].sort((x, y) => x - y),
    );
    // The existing template of the same name keeps its own tasks.
    expect(await db.projectTemplateTask.count({ where: { templateId: existingProject.id } })).toBe(1);
  });

  it('reads an export written before templates (no template files) as one without any', async () => {
    const parts = archiveParts();
    parts.data.companies[0] = { ...(parts.data.companies[0] as object), name: 'Older Oak' };
    parts.data.contacts[0] = { ...(parts.data.contacts[0] as object), email: 'older@zip.example' };
    const names = ['flowTemplates', 'projectTemplates', 'projectTemplateTasks', 'projectTemplateFlows'];
    parts.manifest.entities = (parts.manifest.entities as { name: string }[]).filter((e) => !names.includes(e.name));
    const zip = await zipOf([
      ...Object.entries(parts.data)
        .filter(([name]) => !names.includes(name))
        .map(([name, rows]): [string, string] => [jsonPath(name), JSON.stringify(rows)]),
      ['data/business.json', JSON.stringify(parts.business)],
      ...Object.entries(parts.files),
      ['manifest.json', JSON.stringify(parts.manifest)],
    ]);
    const before = await templates();
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created.companies).toBe(1);
    expect(await templates()).toEqual(before);
  });

  it('holds templates to the bounds the app does (tasks, flows, steps, days, per agency), with lines, and writes nothing', async () => {
    const db = app.database.db;
    const zip = await buildArchive((p) => {
      p.data.flowTemplates = [
        ...Array.from({ length: 21 }, (_, i) => flowTemplate(100 + i, `Flow ${i}`)),
        { ...flowTemplate(200, 'Broken steps'), steps: [{ stepTitle: '' }] },
        { ...flowTemplate(201, 'Huge steps'), steps: crypto.randomBytes(1_500_001).toString('base64') },
        { ...flowTemplate(202, 'Odd type'), workflowType: 'dance' },
      ];
      p.data.projectTemplates = [projectTemplate(1, 'Too many tasks'), projectTemplate(2, 'Too many flows')];
      p.data.projectTemplateTasks = [
        ...Array.from({ length: 201 }, (_, i) => task(i + 1, 1, Math.min(i, 200))),
        { ...task(500, 2, 0), dueOffsetDays: -1 },
        { ...task(501, 2, 1), dueOffsetDays: 3651 },
        { ...task(502, 2, 2), priority: 'urgent' },
      ];
      p.data.projectTemplateFlows = Array.from({ length: 21 }, (_, i) => ({
        projectTemplateId: 2,
        flowTemplateId: 100 + i,
      }));
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const before = await templates();
    const res = await send(zip);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400);
    const issues = res.body.issues as { entity: string; line: number | null; field?: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'projectTemplates', line: 2, message: M.templates.tooManyTasks(200) }),
        expect.objectContaining({ entity: 'projectTemplates', line: 3, message: M.templates.tooManyFlows(20) }),
        expect.objectContaining({
          entity: 'flowTemplates',
          line: 23,
          field: 'steps',
          message: M.templates.snapshotInvalid,
        }),
        expect.objectContaining({ entity: 'flowTemplates', line: 24, field: 'steps' }),
        expect.objectContaining({ entity: 'flowTemplates', line: 25, field: 'workflowType' }),
        expect.objectContaining({
          entity: 'projectTemplateTasks',
          line: 203,
          field: 'dueOffsetDays',
          message: M.templates.offsetRange(3650),
        }),
        expect.objectContaining({
          entity: 'projectTemplateTasks',
          line: 204,
          field: 'dueOffsetDays',
          message: M.templates.offsetRange(3650),
        }),
        expect.objectContaining({ entity: 'projectTemplateTasks', line: 205, field: 'priority' }),
      ]),
    );
    expect(await templates()).toEqual(before);

    // An agency keeps at most 500 of each kind: the ones here and the export's new ones count together.
    const room = 500 - before.project;
    await db.projectTemplate.createMany({
      data: Array.from({ length: room - 1 }, (_, i) => ({ businessId: agency.businessId, name: `Filler ${i}` })),
    });
    const two = await buildArchive((p) => {
      p.data.companies[0] = { ...(p.data.companies[0] as object), name: 'Full Fjord' };
      p.data.projectTemplates = [projectTemplate(1, 'One more'), projectTemplate(2, 'One too many')];
      for (const e of p.manifest.entities as { name: string; count: number }[]) e.count = p.data[e.name].length;
    });
    const full = await send(two);
    expect(full.status).toBe(400);
    expect(full.body.issues).toContainEqual(
      expect.objectContaining({
        entity: 'projectTemplates',
        line: null,
        message: I.tooManyTemplates('Project templates', 500, 499, 2),
      }),
    );
    expect(await db.company.count({ where: { businessId: agency.businessId, name: 'Full Fjord' } })).toBe(0);
    expect((await templates()).project).toBe(499);
    await db.projectTemplate.deleteMany({ where: { businessId: agency.businessId, name: { startsWith: 'Filler ' } } });
  });
});

// The round trip

/** An agency's data with every id replaced by the natural key of the row it names, sorted. */
async function snapshot(businessId: number) {
  const db = app.database.db;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const where = { where: { businessId } };
  const companies = await db.company.findMany(where);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const contacts = await db.contact.findMany(where);
  const contactEmail = new Map(contacts.map((c) => [c.id, c.email]));
  const projects = await db.project.findMany({ ...where, include: { contacts: true } });
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const users = await db.user.findMany(where);
  const userEmail = new Map(users.map((u) => [u.id, u.email]));
  const documents = await db.document.findMany(where);
  const documentKey = new Map(documents.map((d) => [d.id, `${d.name}@${iso(d.createdAt)}`]));
  const fieldsById = new Map((await db.flowField.findMany(where)).map((f) => [f.id, f]));
  const sort = <T>(rows: T[]) => rows.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
  return {
    companies: sort(
      companies.map(({ id: _i, businessId: _b, ...c }) => ({
        ...c,
        archivedAt: iso(c.archivedAt),
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
      })),
    ),
    contacts: sort(
      contacts.map(({ id: _i, businessId: _b, companyId, portalPasswordHash: _p, ...c }) => ({
        ...c,
        company: companyName.get(companyId!) ?? null,
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
      })),
    ),
    projects: sort(
      projects.map(({ id: _i, businessId: _b, projectUid: _u, companyId, contacts: links, ...p }) => ({
        ...p,
        company: companyName.get(companyId!) ?? null,
        contacts: links.map((l) => contactEmail.get(l.contactId)).sort(),
        startDate: iso(p.startDate),
        completionDate: iso(p.completionDate),
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      })),
    ),
    tasks: sort(
      (await db.task.findMany(where)).map(({ id: _i, businessId: _b, projectId, assigneeId, ...t }) => ({
        ...t,
        project: projectName.get(projectId!) ?? null,
        assignee: userEmail.get(assigneeId!) ?? null,
        dueDate: iso(t.dueDate),
        completedAt: iso(t.completedAt),
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      })),
    ),
    documents: sort(
      // The marker of a client's flow upload (flowSubmissionId, flowFieldId) is not part of the export format: an imported
      // answer's file is kept when the client uploads again, as for a file staff took over.
      documents.map(
        ({
          id: _i,
          businessId: _b,
          storageKey,
          url,
          companyId,
          projectId,
          uploadedById,
          flowSubmissionId: _s,
          flowFieldId: _f,
          ...d
        }) => ({
          ...d,
          url: storageKey ? 'stored' : url,
          company: companyName.get(companyId!) ?? null,
          project: projectName.get(projectId!) ?? null,
          uploader: userEmail.get(uploadedById!) ?? null,
          createdAt: iso(d.createdAt),
        }),
      ),
    ),
    resources: sort(
      (await db.resource.findMany({ ...where, include: { details: { orderBy: { position: 'asc' } } } })).map(
        ({ id: _i, businessId: _b, companyId, projectId, details, ...r }) => ({
          ...r,
          company: companyName.get(companyId) ?? null,
          project: projectName.get(projectId!) ?? null,
          details: details.map((d) => ({ key: d.key, value: d.value, position: d.position })),
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
        }),
      ),
    ),
    flows: sort(
      (await db.flow.findMany({ ...where, include: { steps: { include: { fields: true } } } })).map(
        ({ id: _i, businessId: _b, flowUid: _u, companyId, createdById, steps, ...f }) => ({
          ...f,
          company: companyName.get(companyId!) ?? null,
          author: userEmail.get(createdById!) ?? null,
          steps: sort(
            steps.map(({ id: _si, businessId: _sb, flowId: _f, fields, ...s }) => ({
              ...s,
              fields: sort(
                fields.map(({ id: _fi, businessId: _fb, flowStepId: _s, ...x }) => ({
                  ...x,
                  createdAt: iso(x.createdAt),
                })),
              ),
              createdAt: iso(s.createdAt),
              updatedAt: iso(s.updatedAt),
            })),
          ),
          createdAt: iso(f.createdAt),
          updatedAt: iso(f.updatedAt),
        }),
      ),
    ),
    flowTemplates: sort(
      (await db.flowTemplate.findMany(where)).map(({ id: _i, businessId: _b, ...t }) => ({
        ...t,
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      })),
    ),
    projectTemplates: sort(
      (
        await db.projectTemplate.findMany({
          ...where,
          include: { tasks: { orderBy: { position: 'asc' } }, flows: { include: { flowTemplate: true } } },
        })
      ).map(({ id: _i, businessId: _b, tasks, flows, ...t }) => ({
        ...t,
        tasks: tasks.map(({ id: _ti, businessId: _tb, templateId: _t, ...x }) => x),
        flows: flows.map((f) => f.flowTemplate.name).sort(),
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      })),
    ),
    submissions: sort(
      (await db.flowSubmission.findMany({ ...where, include: { flow: true, answers: true } })).map(
        ({ id: _i, businessId: _b, flowId: _f, flow, contactId, companyId, answers, ...s }) => ({
          ...s,
          flow: flow.name,
          contact: contactEmail.get(contactId),
          company: companyName.get(companyId!) ?? null,
          answers: sort(
            answers.map((x) => {
              const field = fieldsById.get(x.flowFieldId)!;
              return {
                field: field.fieldLabel,
                value: field.fieldType === 'file' ? documentKey.get(Number(x.value)) : x.value,
              };
            }),
          ),
          completedAt: iso(s.completedAt),
          createdAt: iso(s.createdAt),
          updatedAt: iso(s.updatedAt),
        }),
      ),
    ),
  };
}

/** sha256 of every stored file of an agency, downloaded through the app, by the document's natural key. */
async function storedFiles(businessId: number, token: string) {
  const docs = await app.database.db.document.findMany({
    where: { businessId, storageKey: { not: null } },
    orderBy: { id: 'asc' },
  });
  const out: Record<string, string> = {};
  for (const d of docs) {
    const res = await fetch(`${app.baseUrl}/api/documents/${d.id}/download?download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    out[`${d.name}@${d.createdAt.toISOString()}`] = sha256(Buffer.from(await res.arrayBuffer()));
  }
  return out;
}

describe('the round trip: export, then import into a fresh agency', () => {
  it('gives the same data, with byte-identical files', { timeout: 60_000 }, async () => {
    const db = app.database.db;
    const source = await createAgency(app, ['Alder Architects', 'Maple Media']);
    const bid = source.businessId;
    const [alder, maple] = source.companies;
    const auth = { authorization: `Bearer ${source.token}` };
    // Every kind of record: project contacts, an assigned and completed task, uploads with bytes, resource details,
    // a flow with a file field answered through the portal's upload route, and a text answer.
    const project = await db.project.findFirstOrThrow({ where: { businessId: bid, companyId: alder.id } });
    const contact = await db.contact.findFirstOrThrow({ where: { businessId: bid, companyId: alder.id } });
    await db.project.update({
      where: { id: project.id },
      data: {
        description: 'Line one\nline two, "quoted"',
        startDate: new Date('2026-03-01T00:00:00Z'),
        totalHoursEstimated: 12.5,
        totalBilledCents: 123456,
      },
    });
    await db.projectContact.create({ data: { businessId: bid, projectId: project.id, contactId: contact.id } });
    await db.task.create({
      data: {
        businessId: bid,
        projectId: project.id,
        title: 'Ship it',
        status: 'completed',
        assigneeId: source.userId,
        completedAt: new Date('2026-04-05T06:07:08.009Z'),
        dueDate: new Date('2026-04-01T00:00:00Z'),
      },
    });
    // Issue 27: an internal task, and an unshared project beside the fixture's shared one.
    await db.task.create({ data: { businessId: bid, projectId: project.id, title: 'Send invoice', internal: true } });
    await db.project.create({
      data: { businessId: bid, companyId: maple.id, name: 'Internal pitch', status: 'waiting', visibleToClient: false },
    });
    const resource = await db.resource.findFirstOrThrow({ where: { businessId: bid, companyId: maple.id } });
    await db.resourceDetail.createMany({
      data: [
        { businessId: bid, resourceId: resource.id, key: 'Login', value: 'ops@maple.example', position: 0 },
        { businessId: bid, resourceId: resource.id, key: 'Notes', value: 'ünïcödé ✓', position: 1 },
      ],
    });
    const bytes = crypto.randomBytes(70_000);
    for (const [name, content] of [
      ['photo.bin', bytes],
      ['notes.txt', Buffer.from('plain notes\n')],
    ] as const) {
      const form = new FormData();
      form.append('companyId', String(maple.id));
      form.append('file', new Blob([new Uint8Array(content)], { type: 'application/octet-stream' }), name);
      expect(
        (await fetch(`${app.baseUrl}/api/documents/upload`, { method: 'POST', body: form, headers: auth })).status,
      ).toBe(201);
    }
    const flow = await db.flow.create({
      data: {
        businessId: bid,
        companyId: alder.id,
        createdById: source.userId,
        name: 'Asset intake',
        description: 'Send us things',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      // Issue 29: a form step that also shows its text.
      data: {
        businessId: bid,
        flowId: flow.id,
        stepOrder: 1,
        stepTitle: 'Assets',
        content: '# Hello',
        stepType: 'form',
        addedContent: true,
      },
    });
    const fileField = await db.flowField.create({
      data: { businessId: bid, flowStepId: step.id, fieldLabel: 'Logo', fieldType: 'file', options: '{}', order: 0 },
    });
    await db.flowField.create({
      data: {
        businessId: bid,
        flowStepId: step.id,
        fieldLabel: 'Size',
        fieldType: 'select',
        options: JSON.stringify({ choices: ['S', 'M'] }),
        order: 1,
        helpText: 'Pick one',
      },
    });
    const form = new FormData();
    form.append('flowId', String(flow.id));
    form.append('fieldId', String(fileField.id));
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('PNG bytes of the logo'))], { type: 'image/png' }),
      'logo.png',
    );
    const portalUpload = await fetch(`${app.baseUrl}/api/portal/flows/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${source.portal.token}` },
    });
    expect(portalUpload.status).toBeLessThan(300);
    expect(await db.flowAnswer.count({ where: { businessId: bid } })).toBe(1);

    // Templates: the fixture's (a project template with a task and a flow template), and the starters every new
    // agency has, which the target has too: those are skipped as the same names, the fixture's are created.
    await db.$transaction((tx) => addStarterTemplates(tx, bid));
    await db.projectTemplateTask.create({
      data: {
        businessId: bid,
        templateId: (await db.projectTemplate.findFirstOrThrow({ where: { businessId: bid } })).id,
        title: 'Wrap up',
        description: 'All of it',
        priority: 'high',
        dueOffsetDays: null,
        internal: true,
        position: 1,
      },
    });

    // Business details, branding and a logo, applied to the target on request (applyBusiness).
    await db.business.update({
      where: { id: bid },
      data: {
        phone: '+44 20 1234',
        street1: '1 Quay',
        cityTown: 'Bristol',
        state: 'Avon',
        zipcode: 'BS1',
        country: 'UK',
        primaryColor: '#123456',
        secondaryColor: '#abcdef',
        buttonTextColor: '#fefefe',
        loginText: 'Welcome back, friend.',
      },
    });
    const logoBytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(2_000),
    ]);
    const logoForm = new FormData();
    logoForm.append('file', new Blob([new Uint8Array(logoBytes)], { type: 'image/png' }), 'brand.png');
    expect(
      (await fetch(`${app.baseUrl}/api/business/logo`, { method: 'POST', body: logoForm, headers: auth })).status,
    ).toBe(200);

    // An archived client stays archived where it moves to.
    expect(
      (await client(app.baseUrl).post(`/api/companies/${maple.id}/archive`, undefined, { token: source.token })).status,
    ).toBe(200);

    const exported = await fetch(`${app.baseUrl}/api/export.zip`, { headers: auth });
    expect(exported.status).toBe(200);
    const zip = Buffer.from(await exported.arrayBuffer());

    const target = await signUpAgency(client(app.baseUrl));
    const targetId = (await db.user.findUniqueOrThrow({ where: { email: target.email } })).businessId;
    const oldLogo = Buffer.concat([Buffer.from('GIF89a'), crypto.randomBytes(100)]);
    const oldLogoForm = new FormData();
    oldLogoForm.append('file', new Blob([new Uint8Array(oldLogo)], { type: 'image/gif' }), 'old.gif');
    expect(
      (
        await fetch(`${app.baseUrl}/api/business/logo`, {
          method: 'POST',
          body: oldLogoForm,
          headers: { authorization: `Bearer ${target.token}` },
        })
      ).status,
    ).toBe(200);
    const oldLogoKey = (await db.business.findUniqueOrThrow({ where: { id: targetId } })).logoKey!;
    const res = await importFile(zip, {
      kind: 'archive',
      commit: true,
      applyBusiness: true,
      token: target.token,
      type: 'application/zip',
      fileName: 'export.zip',
    });
    expect(res.status).toBe(200);
    expect(res.body.files).toBe(3);
    expect(res.body.notes[0]).toContain(source.email);
    expect(res.body.notes).toContain(I.noteBusinessApplied);
    expect(res.body.notes).toContain(I.noteTemplates(4));

    // The business, slug excepted, and the logo's bytes; the old logo's file is gone.
    const business = async (id: number) => {
      const {
        id: _i,
        slug: _s,
        logoKey,
        createdAt: _c,
        updatedAt: _u,
        requireTwoFactor: _t,
        ...rest
      } = await db.business.findUniqueOrThrow({ where: { id } });
      const logo = await fetch(`${app.baseUrl}/api/business/logo/${logoKey}`);
      expect(logo.status).toBe(200);
      return { ...rest, logo: sha256(Buffer.from(await logo.arrayBuffer())) };
    };
    const [sourceBusiness, targetBusiness] = [await business(bid), await business(targetId)];
    expect(sourceBusiness).toMatchObject({ primaryColor: '#123456', logoName: 'brand.png', logo: sha256(logoBytes) });
    expect(targetBusiness).toEqual(sourceBusiness);
    expect(await app.storage.size(oldLogoKey)).toBeNull();
    expect((await db.business.findUniqueOrThrow({ where: { id: targetId } })).slug).not.toBe(
      (await db.business.findUniqueOrThrow({ where: { id: bid } })).slug,
    );

    const before = await snapshot(bid);
    const after = await snapshot(targetId);
    // The source really holds every kind of record the comparison is about.
    expect(before.tasks).toContainEqual(
      expect.objectContaining({ title: 'Ship it', assignee: source.email, completedAt: '2026-04-05T06:07:08.009Z' }),
    );
    expect(before.projects).toContainEqual(
      expect.objectContaining({ contacts: [contact.email], totalBilledCents: 123456 }),
    );
    expect(before.projects.map((p) => p.visibleToClient).sort()).toEqual([false, true, true]);
    expect(before.companies.map((c) => [c.name, c.archivedAt === null])).toEqual([
      [alder.name, true],
      [maple.name, false],
    ]);
    expect(before.tasks).toContainEqual(expect.objectContaining({ title: 'Send invoice', internal: true }));
    expect(before.resources.flatMap((r) => r.details)).toHaveLength(2);
    expect(before.flows.flatMap((f) => f.steps)).toContainEqual(
      expect.objectContaining({ stepTitle: 'Assets', stepType: 'form', addedContent: true, addedFields: false }),
    );
    expect(before.documents.filter((d) => d.url === 'stored')).toHaveLength(3);
    expect(before.flows.flatMap((f) => f.steps.flatMap((s) => s.fields))).toContainEqual(
      expect.objectContaining({ fieldLabel: 'Size', options: JSON.stringify({ choices: ['S', 'M'] }) }),
    );
    // People are never created by an import: the source's owner is not on the new team, so those links are empty.
    const noPeople = <T extends Record<string, unknown>>(rows: T[], key: string) =>
      rows.map((r) => ({ ...r, [key]: null }));
    expect(after.tasks).toEqual(noPeople(before.tasks, 'assignee'));
    expect(after.documents).toEqual(noPeople(before.documents, 'uploader'));
    expect(after.flows).toEqual(noPeople(before.flows, 'author'));
    // Templates: the same, the starters' dates excepted (the target's own, made at its sign-up).
    expect(before.projectTemplates).toHaveLength(5);
    expect(before.projectTemplates).toContainEqual(
      expect.objectContaining({ flows: [expect.stringContaining('onboarding template')] }),
    );
    expect(before.projectTemplates.flatMap((t) => t.tasks)).toContainEqual(
      expect.objectContaining({ title: 'Wrap up', internal: true, dueOffsetDays: null, position: 1 }),
    );
    const undated = <T extends { createdAt: unknown; updatedAt: unknown }>(rows: T[]) =>
      rows.map(({ createdAt: _c, updatedAt: _u, ...r }) => r);
    expect(undated(after.projectTemplates)).toEqual(undated(before.projectTemplates));
    expect(undated(after.flowTemplates)).toEqual(undated(before.flowTemplates));
    const fixtureOnly = <T extends { name: string }>(rows: T[]) => rows.filter((r) => r.name.includes('template'));
    expect(fixtureOnly(after.projectTemplates)).toEqual(fixtureOnly(before.projectTemplates));
    expect(fixtureOnly(after.flowTemplates)).toEqual(fixtureOnly(before.flowTemplates));
    expect({
      ...after,
      tasks: [],
      documents: [],
      flows: [],
      projectTemplates: [],
      flowTemplates: [],
    }).toEqual({
      ...before,
      tasks: [],
      documents: [],
      flows: [],
      projectTemplates: [],
      flowTemplates: [],
    });
    expect(before.submissions[0].answers).toEqual([{ field: 'Logo', value: expect.stringMatching(/^logo\.png@/) }]);
    expect(await storedFiles(targetId, target.token)).toEqual(await storedFiles(bid, source.token));
    // …and so hidden from the target's companies list, in its Archived view.
    const names = async (query: string) =>
      (
        (await client(app.baseUrl).get(`/api/companies${query}`, { token: target.token })).body as { name: string }[]
      ).map((c) => c.name);
    expect(await names('')).toEqual([alder.name]);
    expect(await names('?archived=true')).toEqual([maple.name]);
  });
});

describe('temporary files', () => {
  it('leaves no upload behind in the temporary folder', () => {
    // Only this file's uploads (a crashed run elsewhere may have left older ones).
    const mine = (name: string) =>
      name.startsWith('clientflow-import-') && fs.statSync(path.join(os.tmpdir(), name)).mtimeMs >= startedAt;
    expect(fs.readdirSync(os.tmpdir()).filter(mine)).toEqual([]);
  });
});
