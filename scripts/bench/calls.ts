// The calls `npm run bench` measures: every screen's first request (`--set screens`) and the default set. Four of
// them, one per kind (a list with a search, a detail, a portal read, an aggregate), also have a raw baseline
// (./baseline.ts, `baseline: true`): the rest are measured against the absolute, growth and RSS budgets of
// bench/budgets.json, and their answers' shape is held by tests/integration/contracts.test.ts.
import { DEMO } from '../../server/demo';
import { THREAD_SUBJECT } from './messages';

/** What a call's path may ask of the app at run time (a cursor taken from an earlier page, an id, a flow_uid…). */
export type PathContext = {
  appHeader: (path: string, header: string) => Promise<string | null>;
  appBody: (path: string) => Promise<unknown>;
  /** The answer to a portal call, with the portal contact's session. */
  portalBody: (path: string) => Promise<unknown>;
};

export type BenchCall = {
  name: string;
  /** Request path with its query; a function when it depends on the data (null: the call does not apply). */
  path: string | ((ctx: PathContext) => Promise<string | null>);
  /** Signed in with a portal session (a portal contact of the demo agency), not the staff one. */
  portal?: boolean;
  /** Also answered by the raw baseline (./baseline.ts), which must give the same bytes and paging headers. */
  baseline?: boolean;
};

/** The id of a one-row page's row: the first row of that list (a sorted list's cursor is a token, not an id). */
const firstId =
  (list: string) =>
  async ({ appBody }: PathContext) => {
    const [first] = (await appBody(`${list}?limit=1`)) as { id: number }[];
    return first ? String(first.id) : null;
  };
/** A path with the first row's id of a list in it (null when the list is empty). */
const withFirst =
  (list: string, make: (id: string) => string) =>
  async (ctx: PathContext): Promise<string | null> => {
    const id = await firstId(list)(ctx);
    return id === null ? null : make(id);
  };
/** The second page of a list (its first page's X-Next-Cursor). */
const secondPage =
  (list: string, query = '') =>
  async ({ appHeader }: PathContext): Promise<string | null> => {
    const next = await appHeader(`${list}${query ? `?${query}` : ''}`, 'x-next-cursor');
    return next === null ? null : `${list}?${query ? `${query}&` : ''}cursor=${encodeURIComponent(next)}`;
  };

/** The newest project's detail. */
const newestProject = withFirst('/api/projects', (id) => `/projects/v1/${id}`);
/** The flow editor's load of the newest flow (8 steps, 20 fields). */
const newestFlow = async ({ appBody }: PathContext) => {
  const [newest] = (await appBody('/api/flows?limit=1')) as { flowUid: string }[];
  return newest ? `/flows/v1?flow_uid=${encodeURIComponent(newest.flowUid)}` : null;
};
/** The newest published collect flow for all companies, with a step (any portal contact of the agency may see it). */
const portalFlow = async ({ appBody }: PathContext) => {
  const flows = (await appBody('/api/flows?workflowType=collect&isActive=true&limit=100')) as {
    flowUid: string;
    companyId: number | null;
    stepCount: number;
  }[];
  const flow = flows.find((f) => f.companyId === null && f.stepCount > 0);
  return flow ? `/api/portal/flows/${encodeURIComponent(flow.flowUid)}` : null;
};
/** The Activity tab of a company with recent entries. */
const companyActivity = async ({ appBody }: PathContext) => {
  const recent = (await appBody('/api/activity/recent?limit=20')) as { companyId: number | null }[];
  const companyId = recent.find((e) => e.companyId !== null)?.companyId;
  return companyId ? `/api/companies/${companyId}/activity` : null;
};

/** The thumbnail of a list's first row with one (./previews.ts gives every file one), as the list's <img> asks it. */
const firstThumbnail =
  (list: string, body: 'appBody' | 'portalBody' = 'appBody') =>
  async (ctx: PathContext): Promise<string | null> => {
    const answer = (await ctx[body](list)) as { thumbUrl: string | null }[] | { items: { thumbUrl: string | null }[] };
    const rows = Array.isArray(answer) ? answer : answer.items;
    return rows.find((r) => r.thumbUrl)?.thumbUrl ?? null;
  };

/** A bench conversation's first page of messages, newest first (the conversation asks 30). */
const threadPage =
  (size: keyof typeof THREAD_SUBJECT, limit = 30) =>
  async ({ appBody }: PathContext): Promise<string | null> => {
    const subject = THREAD_SUBJECT[size];
    const threads = (await appBody(`/api/messages/threads?search=${encodeURIComponent(subject)}`)) as {
      id: number;
      subject: string | null;
    }[];
    const thread = threads.find((t) => t.subject === subject);
    return thread ? `/api/messages/threads/${thread.id}/messages?limit=${limit}` : null;
  };

/**
 * Every screen's first request, as the screen asks it (`npm run bench -- --set screens`): the list screens ask
 * withOverall=true ("Showing 24 of 1,234"); the task board asks one such page per status column.
 */
export const screenCalls: BenchCall[] = [
  { name: 'screen: dashboard stats', path: '/api/dashboard/stats', baseline: true },
  { name: 'screen: companies, search', path: '/api/companies?search=tech&withOverall=true', baseline: true },
  {
    name: 'screen: contacts, company filter',
    path: withFirst('/api/companies', (id) => `/api/contacts?companyId=${id}&withOverall=true`),
  },
  { name: 'screen: projects, status filter', path: '/api/projects?status=active&withOverall=true' },
  { name: 'screen: tasks, status + priority', path: '/api/tasks?status=pending&priority=high&withOverall=true' },
  { name: 'screen: task board column', path: '/api/tasks?status=in-progress&withOverall=true' },
  { name: 'screen: files, type filter', path: '/api/documents?type=invoice&withOverall=true' },
  // Files (issue 31): every file has a ready thumbnail (./previews.ts), so each list row carries its thumbUrl; the
  // Files screen as it opens, a thumbnail as a row's <img> asks it, and a file's version history (the newest file has
  // 200 versions; the hub asks 10).
  { name: 'screen: files, with thumbnails', path: '/api/documents?limit=24&withOverall=true' },
  { name: 'screen: file thumbnail', path: firstThumbnail('/api/documents?limit=1') },
  {
    name: 'screen: file version history',
    path: withFirst('/api/documents', (id) => `/api/documents/${id}/versions?limit=10`),
  },
  { name: 'screen: project detail', path: newestProject, baseline: true },
  { name: 'screen: resources', path: '/api/resources?withOverall=true' },
  { name: 'screen: flow editor load', path: newestFlow },
  // Each list in a sort other than its default, as a header click or the sort control asks it.
  { name: 'screen: companies, by status', path: '/api/companies?sort=status&order=asc&withOverall=true' },
  { name: 'screen: contacts, by company', path: '/api/contacts?sort=company&order=asc&withOverall=true' },
  { name: 'screen: projects, by due date', path: '/api/projects?sort=dueDate&order=asc&withOverall=true' },
  { name: 'screen: tasks, by due date', path: '/api/tasks?sort=dueDate&order=asc&withOverall=true' },
  { name: 'screen: files, by size', path: '/api/documents?sort=size&order=desc&withOverall=true' },
  { name: 'screen: resources, by title', path: '/api/resources?sort=title&order=asc&withOverall=true' },
  // Messages (issue 30): the inbox as the hub opens it (30 rows, unread first), its unread badge, and a conversation's
  // first page as it asks it. "A thread of 100,000 messages opens as fast as one of 10" is bench/budgets.json's
  // `pairs`: the long thread's first 10 against the short thread's whole page (10), so both answers are the same size.
  { name: 'screen: messages inbox', path: '/api/messages/threads?limit=30' },
  { name: 'screen: messages unread badge', path: '/api/messages/unread' },
  { name: 'screen: messages, thread of 100,000', path: threadPage('long') },
  { name: 'screen: messages, thread of 100,000, first 10', path: threadPage('long', 10) },
  { name: 'screen: messages, thread of 10', path: threadPage('short') },
  { name: 'screen: portal dashboard', path: `/api/portal/dashboard/${DEMO.slug}`, portal: true },
  { name: 'screen: portal projects', path: `/api/portal/projects/${DEMO.slug}`, portal: true, baseline: true },
  { name: 'screen: portal files', path: `/api/portal/files/${DEMO.slug}`, portal: true },
  {
    name: 'screen: portal file thumbnail',
    path: firstThumbnail(`/api/portal/files/${DEMO.slug}`, 'portalBody'),
    portal: true,
  },
  { name: 'screen: portal flow load', path: portalFlow, portal: true },
];

export const benchCalls: BenchCall[] = [
  { name: 'companies', path: '/api/companies', baseline: true },
  { name: 'companies?search=tech', path: '/api/companies?search=tech', baseline: true },
  { name: 'companies?cursor=<page 2>', path: secondPage('/api/companies'), baseline: true },
  { name: 'auth/v1/me', path: '/auth/v1/me' },
  { name: 'business', path: '/api/business' },
  { name: 'business/branding/{slug}', path: `/api/business/branding/${DEMO.slug}` },
  { name: 'contacts', path: '/api/contacts' },
  { name: 'contacts?search=manager', path: '/api/contacts?search=manager' },
  {
    name: 'contacts?companyId=<first company>',
    path: withFirst('/api/companies', (id) => `/api/contacts?companyId=${id}`),
  },
  { name: 'contact/v1/{id}', path: withFirst('/api/contacts', (id) => `/contact/v1/${id}`) },
  { name: 'dashboard/stats', path: '/api/dashboard/stats', baseline: true },
  { name: 'dashboard/overview', path: '/api/dashboard/overview' },
  { name: 'reports', path: '/api/reports' },
  { name: 'projects', path: '/api/projects' },
  { name: 'projects?status=active', path: '/api/projects?status=active' },
  { name: 'projects?search=website', path: '/api/projects?search=website' },
  { name: 'projects?cursor=<page 2>', path: secondPage('/api/projects') },
  { name: 'projects/v1/{id}', path: newestProject, baseline: true },
  { name: 'tasks', path: '/api/tasks' },
  { name: 'notifications', path: '/api/notifications' },
  { name: 'activity', path: '/api/activity' },
  { name: 'activity?cursor=<page 2>', path: secondPage('/api/activity') },
  { name: 'activity of a company', path: companyActivity },
  { name: 'notifications?cursor=<page 2>', path: secondPage('/api/notifications') },
  { name: 'notifications?unreadOnly=true', path: '/api/notifications?unreadOnly=true' },
  { name: 'tasks?search=review', path: '/api/tasks?search=review' },
  { name: 'tasks?status=pending&priority=high', path: '/api/tasks?status=pending&priority=high' },
  { name: 'tasks?cursor=<page 2>', path: secondPage('/api/tasks') },
  { name: 'tasks?projectId=<newest project>', path: withFirst('/api/projects', (id) => `/api/tasks?projectId=${id}`) },
  { name: 'documents', path: '/api/documents' },
  { name: 'documents?type=invoice', path: '/api/documents?type=invoice' },
  { name: 'documents?projectId=none', path: '/api/documents?projectId=none' },
  { name: 'documents?search=proposal', path: '/api/documents?search=proposal' },
  { name: 'documents?cursor=<page 2>', path: secondPage('/api/documents') },
  {
    name: 'documents?companyId=<first company>',
    path: withFirst('/api/companies', (id) => `/api/documents?companyId=${id}`),
  },
  { name: 'documents/{id}', path: withFirst('/api/documents', (id) => `/api/documents/${id}`) },
  {
    name: 'documents/{id}/versions',
    path: withFirst('/api/documents', (id) => `/api/documents/${id}/versions`),
  },
  { name: 'flows', path: '/api/flows' },
  { name: 'flows?workflowType=collect&isActive=true', path: '/api/flows?workflowType=collect&isActive=true' },
  { name: 'flows/v1?flow_uid=<newest: 8 steps, 20 fields>', path: newestFlow },
  { name: 'resources', path: '/api/resources' },
  { name: 'resources?type=template', path: '/api/resources?type=template' },
  { name: 'resources?search=dashboard', path: '/api/resources?search=dashboard' },
  { name: 'resources?cursor=<page 2 of 2>', path: secondPage('/api/resources', 'limit=2') },
  { name: 'team', path: '/api/team' },
  { name: 'portal dashboard', path: `/api/portal/dashboard/${DEMO.slug}`, portal: true },
  { name: 'portal projects', path: `/api/portal/projects/${DEMO.slug}`, portal: true, baseline: true },
  { name: 'portal files', path: `/api/portal/files/${DEMO.slug}`, portal: true },
  { name: 'portal flows/{flowUid}', path: portalFlow, portal: true },
  { name: 'api-tokens', path: '/api/api-tokens' },
  // The command palette: a word in ~10% of tasks, two words ANDed, a one-letter prefix (capped ranking).
  { name: 'search?q=design', path: '/api/search?q=design' },
  { name: 'search?q=review client', path: '/api/search?q=review%20client' },
  { name: 'search?q=a', path: '/api/search?q=a' },
];
