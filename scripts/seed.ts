// Demo data: `npm run seed` (re)creates the "Demo Agency" business (slug demo) with realistic clients,
// projects, tasks, files, resources and flows. `npm run seed -- --scale N` multiplies companies,
// contacts, projects, tasks and documents by N (for load tests). Data comes from a seeded PRNG, so two
// runs on the same day produce the same rows; dates are relative to the start of the current day (UTC).
//
// `npm run seed -- --agencies 20 [--fraction 0.1]` is the generator for agency scale: 20 agencies, each with 200
// companies, 2,000 contacts, 2,000 projects, 50,000 tasks, 20,000 files and 50 flows with submissions (AGENCY_SHAPE),
// written in bulk with the big tables' indexes built afterwards (about 2 minutes on a 2-core machine).
//
// Importable: `seed(db, { scale })` and `generate(db, { agencies })` are shared with scripts/bench.ts; the CLI runs
// only when this file is the entry point.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COMPANY_STATUSES,
  DEFAULT_BRAND_STYLE,
  PROJECT_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../shared/constants';
import { hashPassword } from '../server/auth/password';
import { openDatabase, providerOf, sqlitePath, type Db, type Provider } from '../server/db';
import { loadEnv } from '../server/env';
import type { Prisma } from '../server/generated/sqlite/client';
import { DEMO } from '../server/demo';
import {
  DOCUMENT_NAMES,
  FIRST_NAMES,
  FLOWS,
  FREELANCERS,
  INDUSTRIES,
  LAST_NAMES,
  NAME_FIRST,
  NAME_SECOND,
  NAME_SUFFIX,
  PLACES,
  PROJECT_TEMPLATES,
  RESOURCES,
  STREETS,
  TASK_NOTES,
  TASK_TITLES,
  TITLES,
} from './seed-data';
import { addStarterTemplates } from '../server/domain/templates/starters';
import { recordMissingFirstVersions } from '../server/domain/documents/versions';

type Tx = Prisma.TransactionClient;
type CompanyStatus = (typeof COMPANY_STATUSES)[number];
type ProjectStatus = (typeof PROJECT_STATUSES)[number];
type TaskStatus = (typeof TASK_STATUSES)[number];
type DocumentType = keyof typeof DOCUMENT_NAMES;

export type SeedOptions = {
  /** Multiplies companies, contacts, projects, tasks and documents (default 1). */
  scale?: number;
  /** Exact counts instead of the scale's (the generator's agency shape, see AGENCY_SHAPE). */
  shape?: SeedShape;
  /** Which agency to (re)create; default the demo agency (slug demo, admin@demo.test). */
  agency?: SeedAgency;
  /** Anchor for relative dates (default: now); rounded down to the start of its UTC day. */
  now?: Date;
  /** The demo password's argon2id hash, when the caller already has one (the generator hashes once for 20 agencies). */
  passwordHash?: string;
  /**
   * The generator on PostgreSQL: the tasks' and files' search triggers are switched off for the load, so their search
   * entries are written here in one statement each (the same values as the triggers'; tests/integration/generate.test.ts).
   */
  searchInBulk?: boolean;
};

/** How much one agency holds. */
export type SeedShape = {
  companies: number;
  /** Contacts per company, [fewest, most]. */
  contactsPerCompany: readonly [number, number];
  projects: number;
  tasks: number;
  documents: number;
  /** Generated flows on top of the three fixed ones (onboarding, intake, information). */
  moreFlows: number;
  /** Portal contacts who started (most also finished) each onboarding and collect flow, at most. */
  submissionsPerFlow: number;
};

export type SeedAgency = { slug: string; name: string; ownerEmail: string; memberEmail: string; number: number };

/** The demo agency's counts at `--scale N` (12 companies, 2–4 contacts each, 10 projects, 40 tasks, 15 files per N). */
export function shapeOfScale(scale: number): SeedShape {
  return {
    companies: 12 * scale,
    contactsPerCompany: [2, 4],
    projects: 10 * scale,
    tasks: 40 * scale,
    documents: 15 * scale,
    moreFlows: Math.floor(scale / 4),
    submissionsPerFlow: 0,
  };
}

/** An agency with years of history (issue "every screen at agency scale"): 50 flows in all, with submissions. */
export const AGENCY_SHAPE: SeedShape = {
  companies: 200,
  contactsPerCompany: [10, 10],
  projects: 2_000,
  tasks: 50_000,
  documents: 20_000,
  moreFlows: 47,
  submissionsPerFlow: 20,
};

/** A fraction of a shape (at least one company, project and flow submission; the fixed flows stay). */
export function fractionOfShape(shape: SeedShape, fraction: number): SeedShape {
  const part = (n: number) => Math.max(1, Math.round(n * fraction));
  return {
    companies: part(shape.companies),
    contactsPerCompany: shape.contactsPerCompany,
    projects: part(shape.projects),
    tasks: part(shape.tasks),
    documents: part(shape.documents),
    moreFlows: Math.round(shape.moreFlows * fraction),
    submissionsPerFlow: part(shape.submissionsPerFlow),
  };
}

export const DEMO_AGENCY: SeedAgency = {
  slug: DEMO.slug,
  name: 'Demo Agency',
  ownerEmail: DEMO.email,
  memberEmail: 'sam@demo.test',
  number: 1,
};

export type SeedCounts = {
  users: number;
  companies: number;
  contacts: number;
  portalContacts: number;
  projects: number;
  flowSubmissions: number;
  flowAnswers: number;
  projectContacts: number;
  tasks: number;
  documents: number;
  resources: number;
  resourceDetails: number;
  flows: number;
  flowSteps: number;
  flowFields: number;
  messages: number;
};

export type SeedResult = {
  businessId: number;
  ownerId: number;
  counts: SeedCounts;
  /** Emails of the contacts who can sign in to the portal (password DEMO.password). */
  portalEmails: string[];
  ms: number;
};

/** Second staff member (role member); signs in with the same demo password. */
export const DEMO_MEMBER = { email: 'sam@demo.test', firstName: 'Sam', lastName: 'Rivera' } as const;
const DEMO_OWNER = { firstName: 'Alex', lastName: 'Morgan' } as const;

/** Rows per INSERT statement. */
const CHUNK = 500;
/** Rows per bulkInsert statement (one JSON parameter). */
const BULK_CHUNK = 5_000;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: tiny, fast, good enough for demo data, and the same sequence on every run. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][];
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }
}

// ---------------------------------------------------------------- helpers

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const minDate = (a: Date, b: Date) => (a < b ? a : b);
const maxDate = (a: Date, b: Date) => (a > b ? a : b);
const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function inChunksReturning<T, R>(rows: T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

type ColumnType = 'int' | 'text' | 'date' | 'bool' | 'float';

/**
 * Many rows in few statements, for the tables that grow with the agency (tasks, their activity, files, …): each chunk
 * of 5,000 rows is one JSON parameter that the database unpacks itself (json_each on SQLite, jsonb_array_elements on
 * PostgreSQL), about 10× faster than createMany at 50,000 tasks. Values are written as Prisma writes them (SQLite:
 * ISO text with +00:00, booleans 0/1; PostgreSQL: timestamp(3) in UTC); a column missing from a row gets its
 * default from `columns`, or NULL.
 */
async function bulkInsert(
  tx: Tx,
  provider: Provider,
  table: string,
  columns: Record<string, ColumnType | readonly [ColumnType, string | number | boolean]>,
  rows: Record<string, unknown>[],
) {
  const names = Object.keys(columns);
  const specs = names.map((name) => {
    const spec = columns[name];
    return typeof spec === 'string' ? { name, type: spec, fallback: null } : { name, type: spec[0], fallback: spec[1] };
  });
  const value = (row: Record<string, unknown>, spec: (typeof specs)[number]) => {
    const v = row[spec.name] ?? spec.fallback;
    if (v === null || v === undefined) return null;
    if (v instanceof Date) return provider === 'sqlite' ? v.toISOString().replace('Z', '+00:00') : v.toISOString();
    if (typeof v === 'boolean') return provider === 'sqlite' ? (v ? 1 : 0) : v;
    return v;
  };
  const pgType: Record<ColumnType, string> = {
    int: 'integer',
    text: 'text',
    date: 'timestamp(3)',
    bool: 'boolean',
    float: 'double precision',
  };
  const list = names.map((n) => `"${n}"`).join(', ');
  const text =
    provider === 'sqlite'
      ? `INSERT INTO "${table}" (${list}) SELECT ${specs.map((_, i) => `value ->> ${i}`).join(', ')} FROM json_each(?)`
      : `INSERT INTO "${table}" (${list}) SELECT ${specs.map((c, i) => `(r ->> ${i})::${pgType[c.type]}`).join(', ')} FROM jsonb_array_elements($1::jsonb) AS r`;
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + BULK_CHUNK).map((row) => specs.map((spec) => value(row, spec))));
    await tx.$executeRawUnsafe(text, json);
  }
}

/** Which database a client talks to: PostgreSQL has version(), SQLite has not (asked outside any transaction). */
async function providerOfClient(db: Db): Promise<Provider> {
  try {
    await db.$queryRawUnsafe('SELECT version()');
    return 'postgresql';
  } catch {
    return 'sqlite';
  }
}

/** What the PostgreSQL triggers "Task_search" and "Document_search" write for each row, for a whole agency at once. */
const TASK_SEARCH_ENTRIES = `INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt")
  SELECT t."businessId", 'task', t."id", p."companyId", t."projectId", p."projectUid", t."title", COALESCE(t."description", ''), now()
  FROM "Task" t LEFT JOIN "Project" p ON p."businessId" = t."businessId" AND p."id" = t."projectId" WHERE t."businessId" = $1`;
const DOCUMENT_SEARCH_ENTRIES = `INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt")
  SELECT d."businessId", 'file', d."id", d."companyId", d."projectId", NULL, d."name", trim(COALESCE(d."originalName", '') || ' ' || d."type"), now()
  FROM "Document" d WHERE d."businessId" = $1`;
const BULK_SEARCH_TRIGGERS = [
  ['Task', 'Task_search'],
  ['Document', 'Document_search'],
] as const;

const CONTACT_COLUMNS = {
  businessId: 'int',
  companyId: 'int',
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  phone: 'text',
  role: 'text',
  title: 'text',
  portalAccess: ['bool', false],
  portalPasswordHash: 'text',
  createdAt: 'date',
  updatedAt: 'date',
} as const;
const PROJECT_COLUMNS = {
  businessId: 'int',
  projectUid: 'text',
  companyId: 'int',
  name: 'text',
  description: 'text',
  status: 'text',
  priority: 'text',
  startDate: 'date',
  completionDate: 'date',
  totalHoursEstimated: 'float',
  totalHoursWorked: 'float',
  totalBilledCents: 'int',
  // The demo's projects are shared with their clients (drafts are never shown all the same; issue 27).
  visibleToClient: ['bool', true],
  createdAt: 'date',
  updatedAt: 'date',
} as const;
/** A project uid in the shape of Prisma's cuid (a "c" and 24 lower-case letters and digits), from the seeded PRNG. */
const uid = (rng: Rng) =>
  `c${Array.from({ length: 24 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[rng.int(0, 35)]).join('')}`;
const TASK_COLUMNS = {
  businessId: 'int',
  projectId: 'int',
  title: 'text',
  description: 'text',
  status: 'text',
  priority: 'text',
  dueDate: 'date',
  assigneeId: 'int',
  completedAt: 'date',
  internal: ['bool', false],
  createdAt: 'date',
  updatedAt: 'date',
} as const;
const ACTIVITY_COLUMNS = {
  businessId: 'int',
  actorType: 'text',
  actorUserId: 'int',
  actorName: 'text',
  entityType: 'text',
  entityId: 'int',
  entityName: ['text', ''],
  companyId: 'int',
  action: 'text',
  changes: ['text', '[]'],
  clientVisible: ['bool', false],
  createdAt: 'date',
} as const;
const NOTIFICATION_COLUMNS = {
  businessId: 'int',
  userId: 'int',
  kind: 'text',
  title: 'text',
  body: ['text', ''],
  link: 'text',
  dedupeKey: 'text',
  emailState: ['text', 'none'],
  readAt: 'date',
  createdAt: 'date',
} as const;
const DOCUMENT_COLUMNS = {
  businessId: 'int',
  companyId: 'int',
  projectId: 'int',
  name: 'text',
  type: 'text',
  url: 'text',
  mimeType: 'text',
  size: ['int', 0],
  uploadedById: 'int',
  visibleInPortal: ['bool', true],
  createdAt: 'date',
} as const;

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

// ---------------------------------------------------------------- the seed

export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1)
    throw new Error(`scale must be a whole number of at least 1 (got ${scale})`);
  const started = performance.now();
  const anchor = options.now ?? new Date();
  const today = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate()));
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);
  const shape = options.shape ?? shapeOfScale(scale);
  const agency = options.agency ?? DEMO_AGENCY;
  const rng = new Rng(0xc11e47 + (options.shape ? agency.number * 7919 + shape.tasks : scale));

  // One argon2id hash, reused by both staff users and the portal contacts (all use the demo password).
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO.password));
  const provider = await providerOfClient(db);

  return db.$transaction(
    (tx) =>
      fill(tx, {
        shape,
        agency,
        provider,
        searchInBulk: options.searchInBulk ?? false,
        today,
        daysAgo,
        rng,
        passwordHash,
        started,
        someInternal: !!options.shape,
      }),
    // Large scales take a while on PostgreSQL; the default 5 s interactive-transaction timeout is too short.
    { maxWait: 30_000, timeout: 15 * 60_000 },
  );
}

type Ctx = {
  shape: SeedShape;
  agency: SeedAgency;
  provider: Provider;
  searchInBulk: boolean;
  today: Date;
  daysAgo: (days: number) => Date;
  rng: Rng;
  passwordHash: string;
  started: number;
  /**
   * The generator's agencies (options.shape): most work is shared with the client, some kept internal (issue 27).
   * The demo seed shares everything, as an upgraded installation does.
   */
  someInternal: boolean;
};

/** What every part of one agency's seed reads: the options, the transaction, the agency and its two staff users. */
type Seeding = Ctx & {
  tx: Tx;
  businessId: number;
  /** Whether a row is shared with the client (`share` of them; always with the demo seed). */
  shared: (share: number) => boolean;
  owner: { id: number };
  member: { id: number };
};

/** One agency's rows, part by part in a fixed order: every part draws from the same PRNG, so the order is the data. */
async function fill(tx: Tx, ctx: Ctx): Promise<SeedResult> {
  const s = await seedAgency(tx, ctx);
  const { companies, companyPlans } = await seedCompanies(s);
  const { contactRows, portalEmails, contacts, contactsByCompany } = await seedContacts(s, companies, companyPlans);
  // The first portal contact (the one the sign-in screen and "Preview as this contact" show first) works with the
  // agency on a project shared with their company, so the demo's portal is never empty.
  const featured = contactRows.find((row) => row.email === portalEmails[0])?.companyId ?? null;
  const { clientCompanies, projects, projectsByCompany } = await seedProjects(s, companies, featured);
  const projectContactRows = await seedProjectContacts(s, projects, contactsByCompany);
  const taskRows = await seedTasks(s, projects);
  await seedActivity(s, taskRows, projects);
  await seedNotifications(s, taskRows);
  const documentRows = await seedDocuments(s, companies, clientCompanies, projectsByCompany);
  const { resources, detailRows } = await seedResources(s, companies, projectsByCompany);
  const { flows, steps, fieldRows } = await seedFlows(s);
  const { moreFlows, moreSteps, moreFieldRows } = await seedMoreFlows(s, companies, clientCompanies);
  const { submissionRows, answerPlans } = await planSubmissions(s, contacts, contactRows);
  const answerRows = await seedSubmissions(s, submissionRows, answerPlans);
  const messageCount = await seedMessages(s, contactRows, contacts);

  return {
    businessId: s.businessId,
    ownerId: s.owner.id,
    portalEmails,
    counts: {
      users: 2,
      companies: companies.length,
      contacts: contacts.length,
      portalContacts: portalEmails.length,
      projects: projects.length,
      flowSubmissions: submissionRows.length,
      flowAnswers: answerRows.length,
      projectContacts: projectContactRows.length,
      tasks: taskRows.length,
      documents: documentRows.length,
      resources: resources.length,
      resourceDetails: detailRows.length,
      flows: flows.length + moreFlows.length,
      flowSteps: steps.length + moreSteps.length,
      flowFields: fieldRows.length + moreFieldRows.length,
      messages: messageCount,
    },
    ms: performance.now() - ctx.started,
  };
}

type SeededCompany = { id: number; name: string; status: string; createdAt: Date };
type CompanyPlan = { name: string; domain: string; place: (typeof PLACES)[number] };
type SeededContact = { id: number; companyId: number };
type SeededProject = {
  id: number;
  companyId: number;
  status: string;
  startDate: Date | null;
  completionDate: Date | null;
  createdAt: Date;
};

async function seedAgency(tx: Tx, ctx: Ctx): Promise<Seeding> {
  const { agency, daysAgo, passwordHash, someInternal } = ctx;
  // ---- the agency: delete the old one (every table cascades from Business), then recreate it.
  await tx.business.deleteMany({ where: { slug: agency.slug } });
  const clash = await tx.user.findFirst({
    where: { email: { in: [agency.ownerEmail, agency.memberEmail] } },
    select: { email: true },
  });
  if (clash)
    throw new Error(`${clash.email} already belongs to another agency; delete that user first, then seed again.`);

  const business = await tx.business.create({
    data: {
      name: agency.name,
      slug: agency.slug,
      email: `hello@${agency.slug}.test`,
      phone: '+1 (503) 555-0142',
      street1: '1200 NW Market St',
      street2: 'Suite 300',
      cityTown: 'Portland',
      state: 'OR',
      zipcode: '97209',
      country: 'United States',
      ...DEFAULT_BRAND_STYLE,
      createdAt: daysAgo(400),
    },
    select: { id: true },
  });
  const businessId = business.id;
  // Internal until shared (issue 27): which projects, tasks and files the client sees, from a PRNG of its own (the
  // other rows stay what they were). The generator shares 85% of projects (drafts are never shown whatever this
  // says), keeps 10% of tasks internal and shares 80% of files; the demo seed shares everything.
  const shareRng = someInternal ? new Rng(0x5ea7ed + businessId) : null;
  const shared = (share: number) => (shareRng ? shareRng.chance(share) : true);

  const owner = await tx.user.create({
    data: { businessId, email: agency.ownerEmail, ...DEMO_OWNER, passwordHash, role: 'owner', createdAt: daysAgo(400) },
    select: { id: true },
  });
  // The starter templates every new agency gets at sign-up (issue 29).
  await addStarterTemplates(tx, businessId);
  const member = await tx.user.create({
    data: {
      businessId,
      ...DEMO_MEMBER,
      email: agency.memberEmail,
      passwordHash,
      role: 'member',
      createdAt: daysAgo(300),
    },
    select: { id: true },
  });

  return { ...ctx, tx, businessId, shared, owner, member };
}

async function seedCompanies(s: Seeding) {
  const { tx, businessId, shape, rng, today, daysAgo } = s;
  // ---- companies: unique names (so the list sorts and searches sensibly), every status represented.
  const companyPlans = new Map<string, CompanyPlan>();
  const usedKeys = new Set<string>();
  const companyRows: Prisma.CompanyCreateManyInput[] = [];
  const companyCount = shape.companies;
  for (let i = 0; i < companyCount; i++) {
    const industry = i < INDUSTRIES.length ? INDUSTRIES[i] : rng.pick(INDUSTRIES);
    const status: CompanyStatus =
      i < COMPANY_STATUSES.length
        ? COMPANY_STATUSES[(i * 5 + 2) % COMPANY_STATUSES.length]
        : rng.weighted<CompanyStatus>({
            active: 45,
            prospect: 14,
            onboarding: 12,
            'at-risk': 9,
            paused: 8,
            canceled: 12,
          });
    let base = '';
    for (let attempt = 0; attempt < 50 && (!base || usedKeys.has(plain(base))); attempt++) {
      const second = rng.chance(0.35) ? rng.pick(NAME_SECOND) : '';
      base = `${rng.pick(NAME_FIRST)}${second ? ` ${second}` : ''} ${rng.pick(industry.words)}`;
    }
    if (usedKeys.has(plain(base))) base = `${base} ${i + 1}`;
    usedKeys.add(plain(base));
    const name = base + rng.pick(NAME_SUFFIX);
    const domain = `${plain(base).slice(0, 40)}.example.com`;
    const place = rng.pick(PLACES);
    companyPlans.set(name, { name, domain, place });
    const createdAt = new Date(daysAgo(rng.int(2, 720)).getTime() + rng.int(8, 18) * HOUR);
    const suite = rng.chance(0.3) ? `, Suite ${rng.int(1, 9)}${pad(rng.int(0, 99))}` : '';
    companyRows.push({
      businessId,
      name,
      industry: industry.name,
      website: status === 'prospect' && rng.chance(0.3) ? null : `https://www.${domain}`,
      address:
        status === 'prospect' && rng.chance(0.4)
          ? null
          : `${rng.int(100, 9899)} ${rng.pick(STREETS)}${suite}, ${place.city}, ${place.state} ${place.zip}`,
      phone: rng.chance(0.1) ? null : `(${place.area}) 555-01${pad(rng.int(0, 99))}`,
      status,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rng.next() * (today.getTime() - createdAt.getTime())),
    });
  }
  const companies = (
    await inChunksReturning(companyRows, (data) =>
      tx.company.createManyAndReturn({ data, select: { id: true, name: true, status: true, createdAt: true } }),
    )
  ).sort(byId);

  return { companies, companyPlans };
}

async function seedContacts(s: Seeding, companies: SeededCompany[], companyPlans: Map<string, CompanyPlan>) {
  const { tx, businessId, shape, rng, today, provider, passwordHash } = s;
  // ---- contacts: 2–4 per company, an executive first; a few executives get portal access.
  const contactRows: Prisma.ContactCreateManyInput[] = [];
  const portalEmails: string[] = [];
  for (const company of companies) {
    const plan = companyPlans.get(company.name)!;
    const n = rng.int(...shape.contactsPerCompany);
    const emails = new Set<string>();
    for (let k = 0; k < n; k++) {
      const role = k === 0 ? 'executive' : k === 1 ? 'manager' : rng.chance(0.2) ? 'manager' : 'contributor';
      let firstName = '';
      let lastName = '';
      let email = '';
      for (let attempt = 0; attempt < 20 && (!email || emails.has(email)); attempt++) {
        firstName = rng.pick(FIRST_NAMES);
        lastName = rng.pick(LAST_NAMES);
        email = `${plain(firstName)}.${plain(lastName)}@${plan.domain}`;
      }
      if (emails.has(email)) email = `${plain(firstName)}.${plain(lastName)}${k + 1}@${plan.domain}`;
      emails.add(email);
      const portal =
        role === 'executive' &&
        (company.status === 'active' || company.status === 'onboarding') &&
        (portalEmails.length < 2 || rng.chance(0.15));
      if (portal) portalEmails.push(email);
      const createdAt = minDate(
        today,
        new Date(company.createdAt.getTime() + rng.int(0, 20) * DAY + rng.int(0, 8) * HOUR),
      );
      contactRows.push({
        businessId,
        companyId: company.id,
        firstName,
        lastName,
        email,
        phone: rng.chance(0.2) ? null : `(${plan.place.area}) 555-01${pad(rng.int(0, 99))}`,
        role,
        title: rng.pick(TITLES[role]),
        portalAccess: portal,
        portalPasswordHash: portal ? passwordHash : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  await bulkInsert(tx, provider, 'Contact', CONTACT_COLUMNS, contactRows);
  const contactIds = new Map(
    (await tx.contact.findMany({ where: { businessId }, select: { id: true, email: true } })).map((c) => [
      c.email,
      c.id,
    ]),
  );
  const contacts = contactRows.map((r) => ({ id: contactIds.get(r.email)!, companyId: r.companyId as number }));
  const contactsByCompany = groupBy(contacts, (c) => c.companyId);

  return { contactRows, portalEmails, contacts, contactsByCompany };
}

/** The first project of status in-progress (the first projects take PROJECT_STATUSES in order). */
const FEATURED_PROJECT = PROJECT_STATUSES.indexOf('in-progress');

async function seedProjects(s: Seeding, companies: SeededCompany[], featuredCompanyId: number | null) {
  const { tx, businessId, shape, rng, today, daysAgo, provider, shared } = s;
  // ---- projects: mostly for clients past the prospect stage; every status represented.
  const clientCompanies = companies.filter((c) => c.status !== 'prospect');
  const projectRows: Prisma.ProjectCreateManyInput[] = [];
  const projectCount = shape.projects;
  for (let i = 0; i < projectCount; i++) {
    const template = i < PROJECT_TEMPLATES.length ? PROJECT_TEMPLATES[i] : rng.pick(PROJECT_TEMPLATES);
    let status: ProjectStatus =
      i < PROJECT_STATUSES.length
        ? PROJECT_STATUSES[i]
        : rng.weighted<ProjectStatus>({
            draft: 10,
            waiting: 12,
            approval: 10,
            'in-progress': 35,
            'at-risk': 8,
            'on-hold': 4,
            complete: 25,
          });
    // The first project of each status keeps it: not at a canceled company (whose projects are complete).
    const pool = i < PROJECT_STATUSES.length ? clientCompanies.filter((c) => c.status !== 'canceled') : clientCompanies;
    const drawn = status === 'draft' && rng.chance(0.3) ? rng.pick(companies) : rng.pick(pool);
    // The first in-progress project is the featured company's (drawn all the same: the other rows stay as they were).
    const featuredHere = i === FEATURED_PROJECT && featuredCompanyId !== null;
    const company = (featuredHere && pool.find((c) => c.id === featuredCompanyId)) || drawn;
    if (company.status === 'canceled' && status !== 'draft') status = 'complete';

    let startDate: Date | null;
    let completionDate: Date | null;
    if (status === 'draft') {
      startDate = rng.chance(0.5) ? null : daysAgo(-rng.int(5, 45));
      completionDate = startDate ? new Date(startDate.getTime() + rng.int(30, 120) * DAY) : null;
    } else if (status === 'complete') {
      startDate = daysAgo(rng.int(60, 400));
      const elapsed = Math.round((today.getTime() - startDate.getTime()) / DAY);
      completionDate = new Date(startDate.getTime() + rng.int(20, Math.min(150, elapsed - 1)) * DAY);
    } else {
      startDate = daysAgo(rng.int(7, 180));
      completionDate = new Date(startDate.getTime() + rng.int(30, 240) * DAY);
    }
    const estimated = rng.int(4, 60) * 5;
    const share: Record<ProjectStatus, [number, number]> = {
      draft: [0, 0],
      waiting: [0.05, 0.4],
      approval: [0.1, 0.5],
      'in-progress': [0.2, 0.9],
      'at-risk': [0.7, 1.3],
      'on-hold': [0.1, 0.6],
      complete: [0.85, 1.15],
    };
    const worked = Math.round(estimated * rng.float(...share[status]) * 2) / 2;
    const rateCents = rng.pick([12_500, 15_000, 17_500]);
    const createdAt = maxDate(
      company.createdAt,
      minDate(today, new Date((startDate ?? today).getTime() - rng.int(3, 30) * DAY)),
    );
    projectRows.push({
      businessId,
      companyId: company.id,
      name: template.name,
      description: template.description,
      status,
      priority: rng.weighted({ low: 25, medium: 50, high: 25 }),
      startDate,
      completionDate,
      totalHoursEstimated: estimated,
      totalHoursWorked: status === 'draft' ? null : worked,
      totalBilledCents: status === 'draft' ? null : Math.round(worked * rateCents),
      visibleToClient: shared(status === 'draft' ? 0.3 : 0.85) || featuredHere,
      createdAt,
      updatedAt: maxDate(createdAt, minDate(today, completionDate ?? today)),
    });
  }
  // Uids from a PRNG of their own, so the demo's other rows stay the same as before bulk inserts.
  const uidRng = new Rng(0x5eed + businessId);
  for (const row of projectRows) row.projectUid = uid(uidRng);
  await bulkInsert(tx, provider, 'Project', PROJECT_COLUMNS, projectRows);
  const projectIds = new Map(
    (await tx.project.findMany({ where: { businessId }, select: { id: true, projectUid: true } })).map((p) => [
      p.projectUid,
      p.id,
    ]),
  );
  const projects = projectRows.map((r) => ({
    id: projectIds.get(r.projectUid!)!,
    companyId: r.companyId as number,
    status: r.status as string,
    startDate: (r.startDate ?? null) as Date | null,
    completionDate: (r.completionDate ?? null) as Date | null,
    createdAt: r.createdAt as Date,
  }));
  const projectsByCompany = groupBy(projects, (p) => p.companyId);

  return { clientCompanies, projects, projectsByCompany };
}

async function seedProjectContacts(
  s: Seeding,
  projects: SeededProject[],
  contactsByCompany: Map<number, SeededContact[]>,
) {
  const { tx, businessId, rng, provider } = s;
  // ---- project contacts: most projects name one or two people at the client.
  const projectContactRows: Prisma.ProjectContactCreateManyInput[] = [];
  for (const project of projects) {
    const people = contactsByCompany.get(project.companyId) ?? [];
    if (!people.length || !rng.chance(0.7)) continue;
    const n = Math.min(people.length, rng.int(1, 2));
    for (let k = 0; k < n; k++) projectContactRows.push({ businessId, projectId: project.id, contactId: people[k].id });
  }
  await bulkInsert(
    tx,
    provider,
    'ProjectContact',
    { businessId: 'int', projectId: 'int', contactId: 'int' },
    projectContactRows,
  );

  return projectContactRows;
}

async function seedTasks(s: Seeding, projects: SeededProject[]) {
  const { tx, businessId, shape, rng, today, daysAgo, provider, shared, searchInBulk, owner, member } = s;
  // Tasks go to the two staff users; the freelancers' share stays unassigned (they have no account).
  const assignees: (number | null)[] = [owner.id, member.id, member.id, ...FREELANCERS.map(() => null)];
  // ---- tasks: about four per project, statuses following the project's.
  const taskRows: Prisma.TaskCreateManyInput[] = [];
  const taskCount = shape.tasks;
  for (let i = 0; i < taskCount; i++) {
    const project = rng.chance(0.9) ? rng.pick(projects) : null;
    let status: TaskStatus;
    if (i < TASK_STATUSES.length) status = TASK_STATUSES[i];
    else if (project?.status === 'complete') status = rng.chance(0.9) ? 'completed' : 'cancelled';
    else if (project?.status === 'draft') status = 'pending';
    else status = rng.weighted<TaskStatus>({ pending: 35, 'in-progress': 30, completed: 30, cancelled: 5 });
    const createdAt = project
      ? minDate(today, new Date(project.createdAt.getTime() + rng.int(0, 14) * DAY))
      : daysAgo(rng.int(1, 60));
    let dueDate: Date | null = null;
    if (rng.chance(0.9)) {
      dueDate =
        status === 'completed' || status === 'cancelled'
          ? maxDate(createdAt, daysAgo(rng.int(1, 90)))
          : daysAgo(-rng.int(-10, 30)); // some open tasks are overdue
    }
    taskRows.push({
      businessId,
      projectId: project?.id ?? null,
      title: rng.pick(TASK_TITLES),
      description: rng.pick(TASK_NOTES),
      status,
      priority: i < TASK_PRIORITIES.length ? TASK_PRIORITIES[i] : rng.weighted({ low: 30, medium: 45, high: 25 }),
      dueDate,
      assigneeId: rng.chance(0.1) ? null : rng.pick(assignees),
      internal: !shared(0.9),
      createdAt,
      updatedAt: status === 'pending' ? createdAt : maxDate(createdAt, daysAgo(rng.int(0, 20))),
    });
  }
  // A completed task was completed at its last change (the status change the activity below records).
  for (const t of taskRows) t.completedAt = t.status === 'completed' ? t.updatedAt : null;
  await bulkInsert(tx, provider, 'Task', TASK_COLUMNS, taskRows);
  if (searchInBulk) await tx.$executeRawUnsafe(TASK_SEARCH_ENTRIES, businessId);

  return taskRows;
}

async function seedActivity(s: Seeding, taskRows: Prisma.TaskCreateManyInput[], projects: SeededProject[]) {
  const { tx, businessId, provider, owner, member } = s;
  // ---- activity: each task's creation and, once it moved on, its status change (the feeds are not empty).
  const seededTasks = await tx.task.findMany({
    where: { businessId },
    select: { id: true, projectId: true },
    orderBy: { id: 'asc' },
  });
  const companyOfProject = new Map(projects.map((p) => [p.id, p.companyId]));
  const activityActors = [
    { actorUserId: owner.id, actorName: `${DEMO_OWNER.firstName} ${DEMO_OWNER.lastName}` },
    { actorUserId: member.id, actorName: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}` },
  ];
  const activityRows: Prisma.ActivityCreateManyInput[] = [];
  taskRows.forEach((t, i) => {
    const task = seededTasks[i];
    if (!task) return;
    const base = {
      businessId,
      actorType: 'staff',
      entityType: 'task',
      entityId: task.id,
      entityName: t.title,
      companyId: t.projectId ? (companyOfProject.get(t.projectId) ?? null) : null,
    };
    activityRows.push({ ...base, ...activityActors[i % 2], action: 'created', createdAt: t.createdAt as Date });
    if (t.status !== 'pending' && t.updatedAt && (t.updatedAt as Date) > (t.createdAt as Date)) {
      const changes = [{ field: 'status', from: 'pending', to: t.status }];
      activityRows.push({
        ...base,
        ...activityActors[(i + 1) % 2],
        action: 'updated',
        changes: JSON.stringify(changes),
        createdAt: t.updatedAt as Date,
      });
    }
  });
  await bulkInsert(tx, provider, 'Activity', ACTIVITY_COLUMNS, activityRows);
}

async function seedNotifications(s: Seeding, taskRows: Prisma.TaskCreateManyInput[]) {
  const { tx, businessId, provider, owner, daysAgo } = s;
  // ---- notifications: the owner's bell, one per task assigned to them by the member (older ones read).
  const memberName = `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`;
  const notificationRows: Prisma.NotificationCreateManyInput[] = taskRows
    .filter((t) => t.assigneeId === owner.id)
    .map((t, i) => ({
      businessId,
      userId: owner.id,
      kind: 'task_assigned',
      title: `${memberName} assigned you “${t.title}”`,
      link: '/hub/tasks',
      dedupeKey: `seed:${i}`,
      createdAt: t.createdAt as Date,
      readAt: (t.createdAt as Date) < daysAgo(7) ? (t.createdAt as Date) : null,
    }));
  await bulkInsert(tx, provider, 'Notification', NOTIFICATION_COLUMNS, notificationRows);
}

async function seedDocuments(
  s: Seeding,
  companies: SeededCompany[],
  clientCompanies: SeededCompany[],
  projectsByCompany: Map<number, SeededProject[]>,
) {
  const { tx, businessId, shape, rng, today, provider, shared, searchInBulk, owner } = s;
  // ---- documents: PDFs uploaded by the owner over the last 30 days.
  const documentRows: Prisma.DocumentCreateManyInput[] = [];
  const documentCount = shape.documents;
  const documentTypes = Object.keys(DOCUMENT_NAMES) as DocumentType[];
  let invoiceNumber = 1000;
  for (let i = 0; i < documentCount; i++) {
    const type: DocumentType =
      i < documentTypes.length
        ? documentTypes[i]
        : rng.weighted<DocumentType>({ contract: 20, agreement: 15, proposal: 20, invoice: 30, report: 15 });
    const company = rng.chance(0.85) ? rng.pick(clientCompanies) : rng.pick(companies);
    const companyProjects = projectsByCompany.get(company.id) ?? [];
    const project = companyProjects.length && rng.chance(0.6) ? rng.pick(companyProjects) : null;
    const short = company.name.replace(/ (Inc\.|LLC|Co\.|Group|Partners)$/, '');
    const name =
      type === 'invoice'
        ? `Invoice INV-${today.getUTCFullYear()}-${++invoiceNumber} – ${short}`
        : `${rng.pick(DOCUMENT_NAMES[type])} – ${short}`;
    documentRows.push({
      businessId,
      companyId: company.id,
      projectId: project?.id ?? null,
      name,
      type,
      url: `https://files.example.com/demo/${slugify(name)}-${i + 1}.pdf`,
      mimeType: 'application/pdf',
      size: rng.int(40_000, 4_500_000),
      uploadedById: owner.id,
      visibleInPortal: shared(0.8),
      createdAt: new Date(today.getTime() - rng.next() * 30 * DAY),
    });
  }
  await bulkInsert(tx, provider, 'Document', DOCUMENT_COLUMNS, documentRows);
  if (searchInBulk) await tx.$executeRawUnsafe(DOCUMENT_SEARCH_ENTRIES, businessId);
  // Every file has its version 1 (issue 31), as every other writer of files makes it.
  await recordMissingFirstVersions(tx, businessId);

  return documentRows;
}

async function seedResources(s: Seeding, companies: SeededCompany[], projectsByCompany: Map<number, SeededProject[]>) {
  const { tx, businessId, rng, daysAgo } = s;
  // ---- resources (a fixed handful) with their key/value details.
  const activeCompanies = companies.filter((c) => c.status === 'active');
  const resourceHosts = activeCompanies.length ? activeCompanies : companies;
  const resourceRows: Prisma.ResourceCreateManyInput[] = RESOURCES.map((r, i) => {
    const company = resourceHosts[i % resourceHosts.length];
    const companyProjects = projectsByCompany.get(company.id) ?? [];
    const createdAt = maxDate(company.createdAt, daysAgo(rng.int(5, 120)));
    return {
      businessId,
      companyId: company.id,
      projectId: companyProjects.length && i % 2 === 0 ? companyProjects[0].id : null,
      title: r.title,
      description: r.description,
      type: r.type,
      status: r.status,
      visibleToClient: r.visibleToClient,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const resources = await tx.resource.createManyAndReturn({ data: resourceRows, select: { id: true, title: true } });
  const detailRows: Prisma.ResourceDetailCreateManyInput[] = resources.flatMap((resource) =>
    RESOURCES.find((r) => r.title === resource.title)!.details.map(([key, value], position) => ({
      businessId,
      resourceId: resource.id,
      key,
      value,
      position,
    })),
  );
  await tx.resourceDetail.createMany({ data: detailRows });

  return { resources, detailRows };
}

async function seedFlows(s: Seeding) {
  const { tx, businessId, daysAgo, owner } = s;
  // ---- flows: one onboarding, one intake form, one information flow.
  const flows = await tx.flow.createManyAndReturn({
    data: FLOWS.map((f, i) => ({
      businessId,
      createdById: owner.id,
      name: f.name,
      description: f.description,
      workflowType: f.workflowType,
      isActive: true,
      createdAt: daysAgo(200 - i * 30),
      updatedAt: daysAgo(60 - i * 10),
    })),
    select: { id: true, workflowType: true },
  });
  const flowByType = new Map(flows.map((f) => [f.workflowType, f.id]));
  const steps = await tx.flowStep.createManyAndReturn({
    data: FLOWS.flatMap((f) =>
      f.steps.map((s, k) => ({
        businessId,
        flowId: flowByType.get(f.workflowType)!,
        stepOrder: k + 1,
        stepTitle: s.title,
        content: s.content ?? '',
      })),
    ),
    select: { id: true, flowId: true, stepOrder: true },
  });
  const stepId = new Map(steps.map((s) => [`${s.flowId}:${s.stepOrder}`, s.id]));
  const fieldRows: Prisma.FlowFieldCreateManyInput[] = FLOWS.flatMap((f) =>
    f.steps.flatMap((s, k) =>
      (s.fields ?? []).map((field, order) => ({
        businessId,
        flowStepId: stepId.get(`${flowByType.get(f.workflowType)}:${k + 1}`)!,
        fieldLabel: field.label,
        fieldType: field.type,
        isRequired: field.required ?? false,
        options: JSON.stringify(field.choices ? { choices: field.choices } : {}),
        helpText: field.help ?? null,
        order,
      })),
    ),
  );
  await tx.flowField.createMany({ data: fieldRows });

  return { flows, steps, fieldRows };
}

async function seedMoreFlows(s: Seeding, companies: SeededCompany[], clientCompanies: SeededCompany[]) {
  const { tx, businessId, shape, rng, today, daysAgo, owner } = s;
  // ---- more flows as the scale grows (scale / 4: 25 at the bench's scale 100, so the flows page has a second
  // page): 3–10 steps each, 0–5 form fields per step of a collect flow. The newest is a collect flow of 8 steps and
  // 20 fields: the flow editor's load that `npm run bench` measures.
  const more = generatedFlows(shape.moreFlows, {
    rng,
    today,
    daysAgo,
    companies: clientCompanies.length ? clientCompanies : companies,
  });
  const moreFlows = (
    await inChunksReturning(more, (plans) =>
      tx.flow.createManyAndReturn({
        data: plans.map(({ steps: _steps, ...flow }) => ({ ...flow, businessId, createdById: owner.id })),
        select: { id: true },
      }),
    )
  ).sort(byId);
  const moreSteps = (
    await inChunksReturning(
      more.flatMap((plan, i) =>
        plan.steps.map((s, k) => ({
          businessId,
          flowId: moreFlows[i].id,
          stepOrder: k + 1,
          stepTitle: s.title,
          content: s.content,
        })),
      ),
      (data) => tx.flowStep.createManyAndReturn({ data, select: { id: true, flowId: true, stepOrder: true } }),
    )
  ).sort(byId);
  const moreStepId = new Map(moreSteps.map((s) => [`${s.flowId}:${s.stepOrder}`, s.id]));
  const moreFieldRows: Prisma.FlowFieldCreateManyInput[] = more.flatMap((plan, i) =>
    plan.steps.flatMap((s, k) =>
      s.fields.map((f) => ({ ...f, businessId, flowStepId: moreStepId.get(`${moreFlows[i].id}:${k + 1}`)! })),
    ),
  );
  await inChunks(moreFieldRows, (data) => tx.flowField.createMany({ data }));

  return { moreFlows, moreSteps, moreFieldRows };
}

async function planSubmissions(s: Seeding, contacts: SeededContact[], contactRows: Prisma.ContactCreateManyInput[]) {
  const { tx, businessId, shape, rng, today } = s;
  // ---- submissions (the generator's agency shape): portal contacts who started an onboarding or collect flow meant
  // for them, most of them finished; a finished collect flow has an answer for every field (a file answer names one
  // of the company's files).
  const submissionRows: Prisma.FlowSubmissionCreateManyInput[] = [];
  const answerPlans: { fields: SubmissionField[]; companyId: number | null }[] = [];
  if (shape.submissionsPerFlow > 0) {
    const portalContacts = contacts.filter((_, i) => contactRows[i].portalAccess);
    const portalByCompany = groupBy(portalContacts, (c) => c.companyId);
    const tree = await tx.flow.findMany({
      where: { businessId, workflowType: { in: ['onboard', 'collect'] } },
      select: {
        id: true,
        companyId: true,
        createdAt: true,
        steps: {
          select: {
            stepOrder: true,
            fields: { select: { id: true, fieldType: true, options: true }, orderBy: { order: 'asc' } },
          },
          orderBy: { stepOrder: 'asc' },
        },
      },
      orderBy: { id: 'asc' },
    });
    for (const flow of tree) {
      const people = flow.companyId === null ? portalContacts : (portalByCompany.get(flow.companyId) ?? []);
      const chosen = [...people].sort(() => rng.next() - 0.5).slice(0, shape.submissionsPerFlow);
      for (const contact of chosen) {
        const createdAt = maxDate(
          flow.createdAt,
          minDate(today, new Date(flow.createdAt.getTime() + rng.int(0, 60) * DAY + rng.int(8, 18) * HOUR)),
        );
        const done = rng.chance(0.7);
        const completedAt = done ? minDate(today, new Date(createdAt.getTime() + rng.int(1, 72) * HOUR)) : null;
        submissionRows.push({
          businessId,
          flowId: flow.id,
          contactId: contact.id,
          companyId: contact.companyId,
          status: done ? 'completed' : 'in_progress',
          currentStep: done ? Math.max(flow.steps.length, 1) : rng.int(1, Math.max(flow.steps.length, 1)),
          completedAt,
          createdAt,
          updatedAt: completedAt ?? createdAt,
        });
        answerPlans.push({ fields: done ? flow.steps.flatMap((s) => s.fields) : [], companyId: contact.companyId });
      }
    }
  }

  return { submissionRows, answerPlans };
}

/** The submissions, then the answers of the finished ones; answers the answers written. */
/** A conversation of the demo: who writes each message (c: the client, s: the member, o: the owner's internal note). */
const CONVERSATIONS: { by: 'c' | 's' | 'o'; body: string }[][] = [
  [
    { by: 'c', body: 'Hi! Could you send us the latest draft of the homepage before Friday?' },
    { by: 's', body: 'Of course — it is in **Files** now. Tell us what you think.' },
    { by: 'o', body: 'They asked for the blue variant last time; keep it in the next round.' },
    { by: 'c', body: 'Thanks, we love it. One question about the footer links: can we add our careers page?' },
  ],
  [
    { by: 's', body: 'Welcome aboard! This is where we will keep you posted. Reply here any time.' },
    { by: 'c', body: 'Great, thank you. Who should we send the brand guidelines to?' },
    { by: 's', body: 'Right here works — attach them to a message and they land in your files.' },
  ],
];

/** A company conversation for each company with portal access, so the demo's Messages page is not empty. */
async function seedMessages(
  s: Seeding,
  contactRows: Prisma.ContactCreateManyInput[],
  contacts: SeededContact[],
): Promise<number> {
  const { tx, businessId, owner, member, daysAgo } = s;
  const ownerName = `${DEMO_OWNER.firstName} ${DEMO_OWNER.lastName}`;
  const memberName = `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`;
  let count = 0;
  let conversation = 0;
  for (const [i, row] of contactRows.entries()) {
    if (!row.portalAccess) continue;
    const contactId = contacts[i]!.id;
    const companyId = row.companyId as number;
    const script = CONVERSATIONS[conversation % CONVERSATIONS.length]!;
    const start = daysAgo(1 + 2 * conversation++).getTime();
    const at = (k: number) => new Date(start + k * 47 * 60_000);
    const last = script.length - 1;
    const lastPublic = script.findLastIndex((m) => m.by !== 'o');
    const thread = await tx.messageThread.create({
      data: {
        businessId,
        companyId,
        kind: 'company',
        singletonKey: `company:${companyId}`,
        assigneeId: member.id,
        lastMessageAt: at(last),
        lastPublicMessageAt: at(lastPublic),
        waitingOnStaff: script[lastPublic]!.by === 'c',
        createdAt: at(0),
      },
    });
    const ids: number[] = [];
    for (const [k, m] of script.entries()) {
      const client = m.by === 'c';
      const message = await tx.message.create({
        data: {
          businessId,
          threadId: thread.id,
          authorKind: client ? 'contact' : 'staff',
          authorContactId: client ? contactId : null,
          authorUserId: client ? null : m.by === 's' ? member.id : owner.id,
          authorName: client ? `${row.firstName} ${row.lastName}` : m.by === 's' ? memberName : ownerName,
          body: m.body,
          internal: m.by === 'o',
          createdAt: at(k),
        },
      });
      ids.push(message.id);
    }
    // The member has read all but the client's last word; the client has read the agency's replies.
    await tx.messageRead.createMany({
      data: [
        {
          businessId,
          threadId: thread.id,
          userId: member.id,
          lastReadMessageId: ids[last - 1]!,
          lastReadAt: at(last - 1),
        },
        {
          businessId,
          threadId: thread.id,
          contactId,
          lastReadMessageId: ids[last]!,
          lastReadAt: at(last),
          emailedUpToMessageId: ids[last]!,
        },
      ],
    });
    count += script.length;
  }
  return count;
}

async function seedSubmissions(
  s: Seeding,
  submissionRows: Prisma.FlowSubmissionCreateManyInput[],
  answerPlans: { fields: SubmissionField[]; companyId: number | null }[],
) {
  const { tx, businessId, rng, today, provider } = s;
  const submissions = (
    await inChunksReturning(submissionRows, (data) =>
      tx.flowSubmission.createManyAndReturn({ data, select: { id: true } }),
    )
  ).sort(byId);
  const answerRows: Prisma.FlowAnswerCreateManyInput[] = [];
  if (submissions.length) {
    const filesByCompany = groupBy(
      await tx.document.findMany({
        where: { businessId },
        select: { id: true, companyId: true },
        orderBy: { id: 'asc' },
      }),
      (d) => d.companyId,
    );
    answerPlans.forEach((plan, i) => {
      for (const field of plan.fields) {
        const value = answerValue(field, rng, today, filesByCompany.get(plan.companyId) ?? []);
        if (value !== null)
          answerRows.push({ businessId, submissionId: submissions[i].id, flowFieldId: field.id, value });
      }
    });
  }
  await bulkInsert(
    tx,
    provider,
    'FlowAnswer',
    { businessId: 'int', submissionId: 'int', flowFieldId: 'int', value: 'text' },
    answerRows,
  );

  return answerRows;
}

// ---------------------------------------------------------------- flow answers

type SubmissionField = { id: number; fieldType: string; options: string };
const TEXT_ANSWERS = [
  'Northwind Studio',
  'https://www.example.com',
  'Small business owners in the Pacific Northwest',
  'A site that turns visitors into booked calls',
];

function answerValue(field: SubmissionField, rng: Rng, today: Date, files: { id: number }[]): string | null {
  switch (field.fieldType) {
    case 'checkbox':
      return 'true';
    case 'date':
      return new Date(today.getTime() + rng.int(14, 120) * DAY).toISOString().slice(0, 10);
    case 'select': {
      const choices = (JSON.parse(field.options) as { choices?: string[] }).choices ?? [];
      return choices.length ? rng.pick(choices) : null;
    }
    case 'file':
      return files.length ? String(rng.pick(files).id) : null;
    default:
      return rng.pick(TEXT_ANSWERS);
  }
}

// ---------------------------------------------------------------- generated flows (larger scales)

const FLOW_NAMES = {
  onboard: ['Client onboarding', 'Kick-off guide', 'Welcome pack', 'Retainer onboarding', 'New website onboarding'],
  collect: [
    'Website intake',
    'Brand questionnaire',
    'Content request',
    'Launch sign-off',
    'Quarterly feedback',
    'SEO audit intake',
  ],
  inform: ['Support and billing', 'Launch checklist', 'Maintenance plan', 'Hosting and domains', 'How we work'],
} as const;
const STEP_TITLES = [
  'Introduction',
  'About your business',
  'Goals',
  'Audience',
  'Brand',
  'Content',
  'Technical details',
  'Timeline',
  'Budget',
  'Access and logins',
  'Review',
  'Next steps',
];
const FIELD_PLANS = [
  { label: 'Company name', type: 'text' },
  { label: 'Website address', type: 'text' },
  { label: 'Describe your ideal customer', type: 'textarea' },
  { label: 'What should the project achieve?', type: 'textarea' },
  { label: 'Logo files', type: 'file' },
  { label: 'Existing brand guidelines', type: 'file' },
  { label: 'Preferred launch date', type: 'date' },
  { label: 'Budget range', type: 'select', choices: ['Under $10k', '$10k–$25k', '$25k–$50k', 'Over $50k'] },
  { label: 'Main goal', type: 'select', choices: ['More leads', 'Online sales', 'Brand awareness', 'Recruiting'] },
  { label: 'We may show the work in our portfolio', type: 'checkbox' },
] as const;
const STEP_NOTES = [
  'This step takes about five minutes. Everything can be changed later.',
  'We read every answer before our kick-off call, so the more detail the better.',
  'If something is unclear, leave a note and your account lead will follow up.',
  'Have your brand files and logins at hand before you start.',
];
/** Fields per step of the newest generated flow: 20 over 8 steps. */
const NEWEST_FIELDS = [3, 2, 4, 0, 3, 2, 4, 2];

type FlowPlan = Omit<Prisma.FlowCreateManyInput, 'businessId' | 'createdById'> & {
  steps: {
    title: string;
    content: string;
    fields: Omit<Prisma.FlowFieldCreateManyInput, 'businessId' | 'flowStepId'>[];
  }[];
};

function generatedFlows(
  count: number,
  {
    rng,
    today,
    daysAgo,
    companies,
  }: { rng: Rng; today: Date; daysAgo: (days: number) => Date; companies: { id: number; name: string }[] },
): FlowPlan[] {
  const plans: FlowPlan[] = [];
  for (let i = 0; i < count; i++) {
    const newest = i === 0;
    const workflowType = newest ? 'collect' : rng.weighted({ onboard: 35, collect: 40, inform: 25 });
    const company = companies.length && rng.chance(0.6) ? rng.pick(companies) : null;
    const createdAt = newest ? today : new Date(daysAgo(rng.int(1, 400)).getTime() + rng.int(8, 18) * HOUR);
    const stepCount = newest ? NEWEST_FIELDS.length : rng.int(3, 10);
    const titles = [...STEP_TITLES].sort(() => rng.next() - 0.5).slice(0, stepCount);
    const steps = titles.map((title, k) => {
      const fieldCount = workflowType !== 'collect' ? 0 : newest ? NEWEST_FIELDS[k] : rng.int(0, 5);
      const fields = Array.from({ length: fieldCount }, (_, order) => {
        const f = rng.pick(FIELD_PLANS);
        return {
          fieldLabel: f.label,
          fieldType: f.type,
          isRequired: rng.chance(0.4),
          options: JSON.stringify('choices' in f ? { choices: f.choices } : {}),
          helpText: rng.chance(0.3) ? rng.pick(STEP_NOTES) : null,
          order,
        };
      });
      const note = rng.pick(STEP_NOTES);
      const content =
        workflowType === 'onboard'
          ? `## ${title}\n\n${note}\n\n- Questions any time in the portal`
          : workflowType === 'inform'
            ? note
            : '';
      return { title, content, fields };
    });
    const name = rng.pick(FLOW_NAMES[workflowType]);
    plans.push({
      name: company ? `${name} – ${company.name}` : `${name} ${i + 1}`,
      description: `${name} for ${company ? company.name : 'every client'}.`,
      workflowType,
      companyId: company?.id ?? null,
      isActive: newest || rng.chance(0.8),
      createdAt,
      updatedAt: maxDate(createdAt, minDate(today, new Date(createdAt.getTime() + rng.int(0, 30) * DAY))),
      steps,
    });
  }
  return plans;
}

// ---------------------------------------------------------------- the generator (agency scale)

const AGENCY_NAMES = [
  'Demo Agency',
  'Lund Creative',
  'Holm Studio',
  'Brightline Digital',
  'Copper & Oak',
  'Northfield Media',
  'Saltwater Web',
  'Kestrel Design',
  'Meridian Growth',
  'Fable & Frame',
  'Tidewater Labs',
  'Juniper Co-op',
  'Atlas Pixel',
  'Harbor Light',
  'Quill & Query',
  'Redwood Systems',
  'Summit Social',
  'Willow Works',
  'Basalt Brand',
  'Cinder Studio',
];

export type GenerateOptions = {
  /** Agencies to create (the first is the demo agency, the others agency-02 … with owner@agency-02.test …). */
  agencies: number;
  /** Part of AGENCY_SHAPE each agency gets (1 = the full size). */
  fraction?: number;
  now?: Date;
  /** Called after each agency. */
  progress?: (done: number, result: SeedResult) => void;
};

export type GenerateResult = { agencies: SeedResult[]; counts: SeedCounts; ms: number };

export function agencyOf(number: number): SeedAgency {
  if (number === 1) return DEMO_AGENCY;
  const slug = `agency-${pad(number)}`;
  const name = AGENCY_NAMES[(number - 1) % AGENCY_NAMES.length];
  return {
    slug,
    name: number > AGENCY_NAMES.length ? `${name} ${number}` : name,
    ownerEmail: `owner@${slug}.test`,
    memberEmail: `sam@${slug}.test`,
    number,
  };
}

/**
 * The full size for `npm run bench -- --size full`: `agencies` agencies of AGENCY_SHAPE (times `fraction`), each in its
 * own transaction, one after the other (SQLite has one writer; on PostgreSQL the triggers' search index is the cost).
 */
export async function generate(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const shape = fractionOfShape(AGENCY_SHAPE, options.fraction ?? 1);
  const passwordHash = await hashPassword(DEMO.password);
  const provider = await providerOfClient(db);
  const agencies: SeedResult[] = [];
  // Earlier runs' agencies go first, while every foreign key still cascades from Business.
  await db.business.deleteMany({
    where: { slug: { in: Array.from({ length: options.agencies }, (_, i) => agencyOf(i + 1).slug) } },
  });
  await withoutSecondaryIndexes(db, provider, async () => {
    // PostgreSQL writes two agencies at a time (a backend per core); SQLite has one writer.
    const workers = provider === 'postgresql' ? 2 : 1;
    let next = 1;
    const work = async () => {
      while (next <= options.agencies) {
        const number = next++;
        const result = await seed(db, {
          shape,
          agency: agencyOf(number),
          now: options.now,
          passwordHash,
          searchInBulk: provider === 'postgresql',
        });
        agencies[number - 1] = result;
        options.progress?.(agencies.filter(Boolean).length, result);
      }
    };
    await Promise.all(Array.from({ length: workers }, work));
  });
  const counts = {} as SeedCounts;
  for (const a of agencies)
    for (const [k, v] of Object.entries(a.counts) as [keyof SeedCounts, number][]) counts[k] = (counts[k] ?? 0) + v;
  return { agencies, counts, ms: performance.now() - started };
}

/** The big tables' indexes the generator drops while it loads and builds again afterwards (faster than row by row). */
const BULK_TABLES = [
  'Contact',
  'Project',
  'ProjectContact',
  'Task',
  'Activity',
  'Notification',
  'Document',
  'SearchEntry',
];
/** Kept: the seed itself reads by them while it loads (tasks and files of the agency). */
const KEPT_INDEXES = new Set(['Task_businessId_projectId_idx', 'Document_businessId_companyId_idx']);

/**
 * Runs a bulk load with the big tables' secondary indexes dropped (unique ones stay: the search triggers and the
 * tenancy keys need them), then creates them again exactly as the migrations wrote them, even when the load fails.
 */
async function withoutSecondaryIndexes(db: Db, provider: Provider, load: () => Promise<void>) {
  const tables = BULK_TABLES.map((t) => `'${t}'`).join(', ');
  const indexes = (
    provider === 'sqlite'
      ? await db.$queryRawUnsafe<{ name: string; sql: string }[]>(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${tables}) AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'`,
        )
      : await db.$queryRawUnsafe<{ name: string; sql: string }[]>(
          `SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN (${tables}) AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
        )
  ).filter((i) => !KEPT_INDEXES.has(i.name));
  // PostgreSQL: the foreign keys of those tables too (checked row by row while loading; checked again as a whole,
  // one join each, when they are added back — a row that breaks one fails the generator there).
  const foreignKeys =
    provider === 'postgresql'
      ? await db.$queryRawUnsafe<{ table: string; name: string; definition: string }[]>(
          `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
           FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid::regclass::text IN (${BULK_TABLES.map((t) => `'"${t}"'`).join(', ')})`,
        )
      : [];
  for (const fk of foreignKeys) await db.$executeRawUnsafe(`ALTER TABLE ${fk.table} DROP CONSTRAINT "${fk.name}"`);
  for (const index of indexes) await db.$executeRawUnsafe(`DROP INDEX "${index.name}"`);
  // PostgreSQL: the row-by-row search triggers of tasks and files are most of the load's time; seed() writes their
  // entries in bulk instead (searchInBulk).
  if (provider === 'postgresql')
    for (const [table, trigger] of BULK_SEARCH_TRIGGERS)
      await db.$executeRawUnsafe(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
  try {
    await load();
  } finally {
    await db.$transaction(
      async (tx) => {
        if (provider === 'postgresql') {
          for (const [table, trigger] of BULK_SEARCH_TRIGGERS)
            await tx.$executeRawUnsafe(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`);
          await tx.$executeRawUnsafe(`SET LOCAL maintenance_work_mem = '256MB'`);
        }
        for (const index of indexes) await tx.$executeRawUnsafe(index.sql);
        for (const fk of foreignKeys)
          await tx.$executeRawUnsafe(`ALTER TABLE ${fk.table} ADD CONSTRAINT "${fk.name}" ${fk.definition}`);
      },
      { maxWait: 30_000, timeout: 15 * 60_000 },
    );
    // Planner statistics for the new rows; on PostgreSQL also the visibility map, as autovacuum would set it on a live
    // database: without it every index-only count reads the heap (files by type at full size: 6,039 heap fetches and
    // 21.6 ms cold, against 0 and 1 ms after VACUUM).
    await db.$executeRawUnsafe(provider === 'postgresql' ? 'VACUUM (ANALYZE)' : 'ANALYZE');
  }
}

// ---------------------------------------------------------------- CLI

/** `--scale N` or `--scale=N`; default 1. */
export function parseScale(argv: string[]): number {
  let raw: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--scale') raw = argv[i + 1];
    else if (argv[i].startsWith('--scale=')) raw = argv[i].slice('--scale='.length);
  }
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--scale expects a whole number of at least 1 (got ${raw})`);
  return n;
}

/** Where the data went, without a password. */
export function describeDatabase(url: string): string {
  if (providerOf(url) === 'sqlite') {
    const file = sqlitePath(url);
    const relative = path.relative(process.cwd(), file);
    return `SQLite ${relative && !relative.startsWith('..') ? relative : file}`;
  }
  const u = new URL(url);
  return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/** `--agencies N` (the generator) and `--fraction F` (its share of the full agency shape, default 1). */
export function parseGenerator(argv: string[]): { agencies: number; fraction: number } | null {
  const value = (name: string) => {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === `--${name}`) return argv[i + 1];
      if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
    }
    return undefined;
  };
  const agencies = value('agencies');
  const fraction = value('fraction');
  if (agencies === undefined) {
    if (fraction !== undefined) throw new Error('--fraction goes with --agencies N');
    return null;
  }
  const n = Number(agencies);
  if (!Number.isInteger(n) || n < 1 || n > 999)
    throw new Error(`--agencies expects a whole number from 1 to 999 (got ${agencies})`);
  const f = fraction === undefined ? 1 : Number(fraction);
  if (!Number.isFinite(f) || f <= 0 || f > 1)
    throw new Error(`--fraction expects a number above 0 and at most 1 (got ${fraction})`);
  return { agencies: n, fraction: f };
}

async function main() {
  let scale: number;
  let generator: ReturnType<typeof parseGenerator>;
  let env: ReturnType<typeof loadEnv>;
  try {
    scale = parseScale(process.argv.slice(2));
    generator = parseGenerator(process.argv.slice(2));
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(env.DATABASE_URL);
  try {
    if (generator) {
      const shape = fractionOfShape(AGENCY_SHAPE, generator.fraction);
      console.log(
        `Generating ${generator.agencies} agencies into ${describeDatabase(env.DATABASE_URL)}, each with ${shape.companies} companies, ` +
          `${shape.companies * shape.contactsPerCompany[0]} contacts, ${shape.projects} projects, ${shape.tasks} tasks, ${shape.documents} files and ${shape.moreFlows + 3} flows…`,
      );
      const result = await generate(database.db, {
        ...generator,
        progress: (done, agency) =>
          console.log(
            `  ${String(done).padStart(3)}/${generator!.agencies}  agency ${agency.businessId} in ${(agency.ms / 1000).toFixed(1)} s`,
          ),
      });
      const c = result.counts;
      console.log(`Generated in ${(result.ms / 1000).toFixed(1)} s (indexes and foreign keys built after the load):`);
      console.log(
        `  ${c.companies} companies, ${c.contacts} contacts, ${c.projects} projects, ${c.tasks} tasks, ${c.documents} files`,
      );
      console.log(`  ${c.flows} flows, ${c.flowSubmissions} submissions (${c.flowAnswers} answers)`);
      console.log(
        `Sign in at ${env.publicUrl}/hub as ${DEMO.email} / ${DEMO.password}; the other agencies' owners are owner@agency-02.test …, same password`,
      );
      return;
    }
    const result = await seed(database.db, { scale });
    const c = result.counts;
    console.log(
      `Seeded the demo agency into ${describeDatabase(env.DATABASE_URL)} (scale ${scale}) in ${(result.ms / 1000).toFixed(1)} s:`,
    );
    console.log(
      `  ${c.users} staff users, ${c.companies} companies, ${c.contacts} contacts (${c.portalContacts} with portal access)`,
    );
    console.log(
      `  ${c.projects} projects (${c.projectContacts} contact links), ${c.tasks} tasks, ${c.documents} documents`,
    );
    console.log(
      `  ${c.resources} resources (${c.resourceDetails} details), ${c.flows} flows (${c.flowSteps} steps, ${c.flowFields} fields)`,
    );
    console.log(`  ${c.messages} messages in ${c.portalContacts} conversations`);
    console.log(`Sign in at ${env.publicUrl}/hub as ${DEMO.email} / ${DEMO.password}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'P2021' || /no such table|does not exist/i.test(String((error as Error).message))) {
      console.error('The database has no tables yet: run `npm run db:migrate` first.');
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const isEntry = !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) void main();
