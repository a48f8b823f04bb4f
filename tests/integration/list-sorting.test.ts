import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

/**
 * Every sorted list, walked page by page (3 rows a page) in every sort and both directions: the rows come in the
 * sort's order (ties by id, rows without a value last), each exactly once across the page boundaries.
 */
let app: TestApp;
let api: ReturnType<typeof client>;
let token: string;

type Item = Record<string, unknown> & { id: number };
type Key = (row: Item) => string | number | null;

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
// Upper-case first letters only: SQLite's and PostgreSQL's text orders agree on these.
const NAMES = ['Delta', 'Alpha', 'Charlie', 'Alpha', 'Bravo', 'Echo', 'Bravo', 'Alpha'];

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  token = agency.token;
  const db = app.database.db;
  const businessId = (await db.business.findUniqueOrThrow({ where: { slug: agency.slug } })).id;
  const statuses = ['active', 'prospect', 'paused', 'active', 'at-risk', 'prospect', 'onboarding', 'active'];
  const companies = [];
  for (const [i, name] of NAMES.entries())
    companies.push(
      await db.company.create({
        data: { businessId, name, status: statuses[i], createdAt: day(i % 3) },
      }),
    );
  for (const [i, name] of NAMES.entries()) {
    await db.contact.create({
      data: {
        businessId,
        firstName: name,
        lastName: NAMES[(i + 3) % NAMES.length],
        email: `c${i}@example.com`,
        companyId: i % 3 === 0 ? null : companies[i % 4].id,
        createdAt: day(i % 2),
      },
    });
    const project = await db.project.create({
      data: {
        businessId,
        name,
        companyId: companies[i].id,
        status: ['draft', 'in-progress', 'complete', 'waiting'][i % 4],
        completionDate: i % 3 === 0 ? null : day(i % 2),
        createdAt: day(i % 3),
      },
    });
    await db.task.create({
      data: {
        businessId,
        title: name,
        projectId: project.id,
        status: ['pending', 'completed', 'in-progress'][i % 3],
        priority: ['high', 'low', 'medium'][i % 3],
        dueDate: i % 3 === 1 ? null : day(i % 2),
        createdAt: day(i % 2),
      },
    });
    await db.task.create({
      data: { businessId, title: `${name}x`, status: 'cancelled', priority: 'low', createdAt: day(5) },
    });
    await db.document.create({
      data: {
        businessId,
        name,
        type: ['contract', 'invoice', 'report'][i % 3],
        url: `https://files.example/${i}`,
        size: (i % 3) * 100,
        createdAt: day(i % 2),
      },
    });
    await db.resource.create({
      data: {
        businessId,
        companyId: companies[i].id,
        title: name,
        description: 'A resource',
        type: 'tool',
        status: 'active',
        createdAt: day(i % 2),
      },
    });
  }
});
afterAll(() => app.close());

async function walk(path: string, query: string): Promise<Item[]> {
  const rows: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res: Awaited<ReturnType<typeof api.get>> = await api.get(
      `${path}?limit=3&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...(res.body as Item[]));
    cursor = res.headers.get('x-next-cursor');
    if (!cursor) return rows;
  }
  throw new Error('too many pages');
}

const rank = (values: string[]) => (v: unknown) => values.indexOf(String(v));
const time = (v: unknown) => (v == null ? null : new Date(String(v)).getTime());

/** The expected order: keys in the direction (null keys last in both), then id in the direction. */
function sorted(rows: Item[], key: Key, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
    return (a.id - b.id) * sign;
  });
}

const cases: { list: string; sorts: Record<string, Key> }[] = [
  {
    list: '/api/companies',
    sorts: {
      name: (r) => String(r.name),
      status: (r) => rank(['prospect', 'onboarding', 'active', 'canceled', 'paused', 'at-risk'])(r.status),
      created: (r) => time(r.createdAt),
    },
  },
  {
    list: '/api/contacts',
    sorts: {
      name: (r) => String(r.firstName),
      company: (r) => {
        const company = r.companyOfContact as { id: number; name: string } | null;
        return company ? `${company.name} ${String(company.id).padStart(6, '0')}` : null;
      },
      created: (r) => time(r.createdAt),
    },
  },
  {
    list: '/api/projects',
    sorts: {
      name: (r) => String(r.name),
      status: (r) =>
        rank(['draft', 'waiting', 'approval', 'in-progress', 'at-risk', 'complete', 'active', 'completed', 'on-hold'])(
          r.status,
        ),
      dueDate: (r) => time(r.projectCompletionDate),
      created: (r) => time(r.createdAt),
    },
  },
  {
    list: '/api/tasks',
    sorts: {
      dueDate: (r) => time(r.dueDate),
      priority: (r) => rank(['low', 'medium', 'high'])(r.priority),
      status: (r) => rank(['pending', 'in-progress', 'completed', 'cancelled'])(r.status),
      created: (r) => time(r.createdAt),
    },
  },
  {
    list: '/api/documents',
    sorts: {
      name: (r) => String(r.name),
      type: (r) => String(r.type),
      size: (r) => Number(r.size),
      created: (r) => time(r.createdAt),
    },
  },
  { list: '/api/resources', sorts: { title: (r) => String(r.title), created: () => 0 } },
];

describe.each(cases)('$list', ({ list, sorts }) => {
  let all: Item[];
  beforeAll(async () => {
    all = (await api.get(`${list}?limit=100`, { token })).body as Item[];
    expect(all.length).toBeGreaterThan(6);
  });

  for (const [key, value] of Object.entries(sorts))
    for (const order of ['asc', 'desc'] as const)
      it(`walks every page by ${key} ${order}: in order, each row once`, async () => {
        const rows = await walk(list, `sort=${key}&order=${order}`);
        expect(rows.map((r) => r.id)).toEqual(sorted(all, value, order).map((r) => r.id));
      });

  it('refuses a cursor of another sort with a 400 and a sentence', async () => {
    const [first, second] = Object.keys(sorts);
    const res = await api.get(`${list}?limit=2&sort=${first}&order=asc`, { token });
    const cursor = res.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    for (const query of [`sort=${first}&order=desc`, `sort=${second}&order=asc`]) {
      const other = await api.get(`${list}?limit=2&${query}&cursor=${encodeURIComponent(String(cursor))}`, { token });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(
        'This page link belongs to another sort of the list. Reload the list and try again.',
      );
    }
    // A bare id is the default order's cursor (as before sorting came); with a sort named, it is refused.
    const bare = await api.get(`${list}?limit=2&sort=${first}&order=asc&cursor=12`, { token });
    expect(bare.status).toBe(400);
  });

  it('keeps the default order’s id cursor: every page once, in the order from before sorting', async () => {
    const rows = await walk(list, '');
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(all.length);
    const first = await api.get(`${list}?limit=3`, { token });
    const next = first.headers.get('x-next-cursor');
    if (next !== null) expect(next).toBe(String(first.body[2].id));
  });
});

it('refuses an unknown sort key with a 400', async () => {
  const res = await api.get('/api/companies?sort=bogus', { token });
  expect(res.status).toBe(400);
});
