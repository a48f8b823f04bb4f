// Demo data: `npm run seed` (re)creates the "Demo Agency" business (slug demo) with realistic clients,
// projects, tasks, files, resources and flows. `npm run seed -- --scale N` multiplies companies,
// contacts, projects, tasks and documents by N (for load tests). Data comes from a seeded PRNG, so two
// runs on the same day produce the same rows; dates are relative to the start of the current day (UTC).
//
// Importable: `seed(db, { scale })` is shared with scripts/bench.ts; the CLI runs only when this file is
// the entry point.
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
import { openDatabase, providerOf, sqlitePath, type Db } from '../server/db';
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

type Tx = Prisma.TransactionClient;
type CompanyStatus = (typeof COMPANY_STATUSES)[number];
type ProjectStatus = (typeof PROJECT_STATUSES)[number];
type TaskStatus = (typeof TASK_STATUSES)[number];
type DocumentType = keyof typeof DOCUMENT_NAMES;

export type SeedOptions = {
  /** Multiplies companies, contacts, projects, tasks and documents (default 1). */
  scale?: number;
  /** Anchor for relative dates (default: now); rounded down to the start of its UTC day. */
  now?: Date;
};

export type SeedCounts = {
  users: number;
  companies: number;
  contacts: number;
  portalContacts: number;
  projects: number;
  projectContacts: number;
  tasks: number;
  documents: number;
  resources: number;
  resourceDetails: number;
  flows: number;
  flowSteps: number;
  flowFields: number;
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
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a whole number of at least 1 (got ${scale})`);
  const started = performance.now();
  const anchor = options.now ?? new Date();
  const today = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth(), anchor.getUTCDate()));
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);
  const rng = new Rng(0xc11e47 + scale);

  // One argon2id hash, reused by both staff users and the portal contacts (all use the demo password).
  const passwordHash = await hashPassword(DEMO.password);

  return db.$transaction(
    (tx) => fill(tx, { scale, today, daysAgo, rng, passwordHash, started }),
    // Large scales take a while on PostgreSQL; the default 5 s interactive-transaction timeout is too short.
    { maxWait: 30_000, timeout: 15 * 60_000 },
  );
}

type Ctx = {
  scale: number;
  today: Date;
  daysAgo: (days: number) => Date;
  rng: Rng;
  passwordHash: string;
  started: number;
};

async function fill(tx: Tx, { scale, today, daysAgo, rng, passwordHash, started }: Ctx): Promise<SeedResult> {
  // ---- the agency: delete the old demo (every table cascades from Business), then recreate it.
  await tx.business.deleteMany({ where: { slug: DEMO.slug } });
  const clash = await tx.user.findFirst({ where: { email: { in: [DEMO.email, DEMO_MEMBER.email] } }, select: { email: true } });
  if (clash) throw new Error(`${clash.email} already belongs to another agency; delete that user first, then seed again.`);

  const business = await tx.business.create({
    data: {
      name: 'Demo Agency',
      slug: DEMO.slug,
      email: 'hello@demo.test',
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

  const owner = await tx.user.create({
    data: { businessId, email: DEMO.email, ...DEMO_OWNER, passwordHash, role: 'owner', createdAt: daysAgo(400) },
    select: { id: true },
  });
  const member = await tx.user.create({
    data: { businessId, ...DEMO_MEMBER, passwordHash, role: 'member', createdAt: daysAgo(300) },
    select: { id: true },
  });
  // Tasks go to the two staff users; the freelancers' share stays unassigned (they have no account).
  const assignees: (number | null)[] = [owner.id, member.id, member.id, ...FREELANCERS.map(() => null)];

  // ---- companies: unique names (so the list sorts and searches sensibly), every status represented.
  type CompanyPlan = { name: string; domain: string; place: (typeof PLACES)[number] };
  const companyPlans = new Map<string, CompanyPlan>();
  const usedKeys = new Set<string>();
  const companyRows: Prisma.CompanyCreateManyInput[] = [];
  const companyCount = 12 * scale;
  for (let i = 0; i < companyCount; i++) {
    const industry = i < INDUSTRIES.length ? INDUSTRIES[i] : rng.pick(INDUSTRIES);
    const status: CompanyStatus =
      i < COMPANY_STATUSES.length
        ? COMPANY_STATUSES[(i * 5 + 2) % COMPANY_STATUSES.length]
        : rng.weighted<CompanyStatus>({ active: 45, prospect: 14, onboarding: 12, 'at-risk': 9, paused: 8, canceled: 12 });
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

  // ---- contacts: 2–4 per company, an executive first; a few executives get portal access.
  const contactRows: Prisma.ContactCreateManyInput[] = [];
  const portalEmails: string[] = [];
  for (const company of companies) {
    const plan = companyPlans.get(company.name)!;
    const n = rng.int(2, 4);
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
      const createdAt = minDate(today, new Date(company.createdAt.getTime() + rng.int(0, 20) * DAY + rng.int(0, 8) * HOUR));
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
  const contacts = (
    await inChunksReturning(contactRows, (data) =>
      tx.contact.createManyAndReturn({ data, select: { id: true, companyId: true } }),
    )
  ).sort(byId);
  const contactsByCompany = groupBy(contacts, (c) => c.companyId);

  // ---- projects: mostly for clients past the prospect stage; every status represented.
  const clientCompanies = companies.filter((c) => c.status !== 'prospect');
  const projectRows: Prisma.ProjectCreateManyInput[] = [];
  const projectCount = 10 * scale;
  for (let i = 0; i < projectCount; i++) {
    const template = i < PROJECT_TEMPLATES.length ? PROJECT_TEMPLATES[i] : rng.pick(PROJECT_TEMPLATES);
    let status: ProjectStatus =
      i < PROJECT_STATUSES.length
        ? PROJECT_STATUSES[i]
        : rng.weighted<ProjectStatus>({ draft: 10, waiting: 12, approval: 10, 'in-progress': 35, 'at-risk': 8, complete: 25 });
    const company = status === 'draft' && rng.chance(0.3) ? rng.pick(companies) : rng.pick(clientCompanies);
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
      createdAt,
      updatedAt: maxDate(createdAt, minDate(today, completionDate ?? today)),
    });
  }
  const projects = (
    await inChunksReturning(projectRows, (data) =>
      tx.project.createManyAndReturn({
        data,
        select: { id: true, companyId: true, status: true, startDate: true, completionDate: true, createdAt: true },
      }),
    )
  ).sort(byId);
  const projectsByCompany = groupBy(projects, (p) => p.companyId);

  // ---- project contacts: most projects name one or two people at the client.
  const projectContactRows: Prisma.ProjectContactCreateManyInput[] = [];
  for (const project of projects) {
    const people = contactsByCompany.get(project.companyId) ?? [];
    if (!people.length || !rng.chance(0.7)) continue;
    const n = Math.min(people.length, rng.int(1, 2));
    for (let k = 0; k < n; k++) projectContactRows.push({ businessId, projectId: project.id, contactId: people[k].id });
  }
  await inChunks(projectContactRows, (data) => tx.projectContact.createMany({ data }));

  // ---- tasks: about four per project, statuses following the project's.
  const taskRows: Prisma.TaskCreateManyInput[] = [];
  const taskCount = 40 * scale;
  for (let i = 0; i < taskCount; i++) {
    const project = rng.chance(0.9) ? rng.pick(projects) : null;
    let status: TaskStatus;
    if (i < TASK_STATUSES.length) status = TASK_STATUSES[i];
    else if (project?.status === 'complete') status = rng.chance(0.9) ? 'completed' : 'cancelled';
    else if (project?.status === 'draft') status = 'pending';
    else status = rng.weighted<TaskStatus>({ pending: 35, 'in-progress': 30, completed: 30, cancelled: 5 });
    const createdAt = project ? minDate(today, new Date(project.createdAt.getTime() + rng.int(0, 14) * DAY)) : daysAgo(rng.int(1, 60));
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
      createdAt,
      updatedAt: status === 'pending' ? createdAt : maxDate(createdAt, daysAgo(rng.int(0, 20))),
    });
  }
  // A completed task was completed at its last change (the status change the activity below records).
  for (const t of taskRows) t.completedAt = t.status === 'completed' ? t.updatedAt : null;
  await inChunks(taskRows, (data) => tx.task.createMany({ data }));

  // ---- activity: each task's creation and, once it moved on, its status change (the feeds are not empty).
  const seededTasks = await tx.task.findMany({ where: { businessId }, select: { id: true, projectId: true }, orderBy: { id: 'asc' } });
  const companyOfProject = new Map(projects.map((p) => [p.id, p.companyId]));
  const activityActors = [
    { actorUserId: owner.id, actorName: `${DEMO_OWNER.firstName} ${DEMO_OWNER.lastName}` },
    { actorUserId: member.id, actorName: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}` },
  ];
  const activityRows: Prisma.ActivityCreateManyInput[] = [];
  taskRows.forEach((t, i) => {
    const task = seededTasks[i];
    if (!task) return;
    const base = { businessId, actorType: 'staff', entityType: 'task', entityId: task.id, entityName: t.title, companyId: t.projectId ? (companyOfProject.get(t.projectId) ?? null) : null };
    activityRows.push({ ...base, ...activityActors[i % 2], action: 'created', createdAt: t.createdAt as Date });
    if (t.status !== 'pending' && t.updatedAt && (t.updatedAt as Date) > (t.createdAt as Date)) {
      const changes = [{ field: 'status', from: 'pending', to: t.status }];
      activityRows.push({ ...base, ...activityActors[(i + 1) % 2], action: 'updated', changes: JSON.stringify(changes), createdAt: t.updatedAt as Date });
    }
  });
  await inChunks(activityRows, (data) => tx.activity.createMany({ data }));

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
  await inChunks(notificationRows, (data) => tx.notification.createMany({ data }));

  // ---- documents: PDFs uploaded by the owner over the last 30 days.
  const documentRows: Prisma.DocumentCreateManyInput[] = [];
  const documentCount = 15 * scale;
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
      createdAt: new Date(today.getTime() - rng.next() * 30 * DAY),
    });
  }
  await inChunks(documentRows, (data) => tx.document.createMany({ data }));

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

  // ---- more flows as the scale grows (scale / 4: 25 at the bench's scale 100, so the flows page has a second
  // page): 3–10 steps each, 0–5 form fields per step of a collect flow. The newest is a collect flow of 8 steps and
  // 20 fields: the flow editor's load that `npm run bench` measures.
  const more = generatedFlows(Math.floor(scale / 4), { rng, today, daysAgo, companies: clientCompanies.length ? clientCompanies : companies });
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
      more.flatMap((plan, i) => plan.steps.map((s, k) => ({ businessId, flowId: moreFlows[i].id, stepOrder: k + 1, stepTitle: s.title, content: s.content }))),
      (data) => tx.flowStep.createManyAndReturn({ data, select: { id: true, flowId: true, stepOrder: true } }),
    )
  ).sort(byId);
  const moreStepId = new Map(moreSteps.map((s) => [`${s.flowId}:${s.stepOrder}`, s.id]));
  const moreFieldRows: Prisma.FlowFieldCreateManyInput[] = more.flatMap((plan, i) =>
    plan.steps.flatMap((s, k) => s.fields.map((f) => ({ ...f, businessId, flowStepId: moreStepId.get(`${moreFlows[i].id}:${k + 1}`)! }))),
  );
  await inChunks(moreFieldRows, (data) => tx.flowField.createMany({ data }));

  return {
    businessId,
    ownerId: owner.id,
    portalEmails,
    counts: {
      users: 2,
      companies: companies.length,
      contacts: contacts.length,
      portalContacts: portalEmails.length,
      projects: projects.length,
      projectContacts: projectContactRows.length,
      tasks: taskRows.length,
      documents: documentRows.length,
      resources: resources.length,
      resourceDetails: detailRows.length,
      flows: flows.length + moreFlows.length,
      flowSteps: steps.length + moreSteps.length,
      flowFields: fieldRows.length + moreFieldRows.length,
    },
    ms: performance.now() - started,
  };
}

// ---------------------------------------------------------------- generated flows (larger scales)

const FLOW_NAMES = {
  onboard: ['Client onboarding', 'Kick-off guide', 'Welcome pack', 'Retainer onboarding', 'New website onboarding'],
  collect: ['Website intake', 'Brand questionnaire', 'Content request', 'Launch sign-off', 'Quarterly feedback', 'SEO audit intake'],
  inform: ['Support and billing', 'Launch checklist', 'Maintenance plan', 'Hosting and domains', 'How we work'],
} as const;
const STEP_TITLES = ['Introduction', 'About your business', 'Goals', 'Audience', 'Brand', 'Content', 'Technical details', 'Timeline', 'Budget', 'Access and logins', 'Review', 'Next steps'];
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
  steps: { title: string; content: string; fields: Omit<Prisma.FlowFieldCreateManyInput, 'businessId' | 'flowStepId'>[] }[];
};

function generatedFlows(
  count: number,
  { rng, today, daysAgo, companies }: { rng: Rng; today: Date; daysAgo: (days: number) => Date; companies: { id: number; name: string }[] },
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
      const content = workflowType === 'onboard' ? `## ${title}\n\n${note}\n\n- Questions any time in the portal` : workflowType === 'inform' ? note : '';
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

async function main() {
  let scale: number;
  let env: ReturnType<typeof loadEnv>;
  try {
    scale = parseScale(process.argv.slice(2));
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(env.DATABASE_URL);
  try {
    const result = await seed(database.db, { scale });
    const c = result.counts;
    console.log(`Seeded the demo agency into ${describeDatabase(env.DATABASE_URL)} (scale ${scale}) in ${(result.ms / 1000).toFixed(1)} s:`);
    console.log(`  ${c.users} staff users, ${c.companies} companies, ${c.contacts} contacts (${c.portalContacts} with portal access)`);
    console.log(`  ${c.projects} projects (${c.projectContacts} contact links), ${c.tasks} tasks, ${c.documents} documents`);
    console.log(`  ${c.resources} resources (${c.resourceDetails} details), ${c.flows} flows (${c.flowSteps} steps, ${c.flowFields} fields)`);
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
