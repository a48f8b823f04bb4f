import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { companyListInput } from '../../shared/schemas/companies';
import { listQueryOf, parseListParam } from '../../shared/saved-views';
import { apiFetch, errorText, HttpReplyError, replyBodyText } from '../../client/src/lib/trpc';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PanelResults } from '../../client/src/lists/ListResults';
import { gridView, listView, ViewToggle } from '../../client/src/lists/ListToolbar';
import type { InfiniteList, ListState } from '../../client/src/lists/useInfiniteList';

describe('list URL parameters are read with the procedure schema', () => {
  const { status, search, industry } = companyListInput.shape;
  it('keeps a known status and drops an unknown one', () => {
    expect(parseListParam(status, 'active')).toBe('active');
    expect(parseListParam(status, 'bogus')).toBeUndefined();
  });
  it('reads empty and blank values as no filter, and trims search', () => {
    expect(parseListParam(search, null)).toBeUndefined();
    expect(parseListParam(search, '   ')).toBeUndefined();
    expect(parseListParam(search, ' copper field ')).toBe('copper field');
    expect(parseListParam(industry, 'x'.repeat(101))).toBeUndefined();
  });
});

describe('error toasts never show programmer text', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns a proxy's HTML 502 into '{status}: {body text}'", async () => {
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    vi.stubGlobal('fetch', async () => new Response(html, { status: 502, headers: { 'content-type': 'text/html' } }));
    const failure = await apiFetch('/trpc/companies.update').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpReplyError);
    expect(errorText(TRPCClientError.from(failure as Error))).toBe('502: 502 Bad Gateway');
  });
  it('uses the status text when the body is empty, and plain text bodies as they are', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('', { status: 503, statusText: 'Service Unavailable', headers: { 'content-type': 'text/plain' } }),
    );
    expect(errorText(TRPCClientError.from((await apiFetch('/x').catch((e: unknown) => e)) as Error))).toBe(
      '503: Service Unavailable',
    );
    expect(replyBodyText('  upstream\n timed out ', 'text/plain')).toBe('upstream timed out');
  });
  it("reads a foreign JSON error's message, and passes the API's own replies through", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('{"message":"Gateway timeout"}', { status: 504, headers: { 'content-type': 'application/json' } }),
    );
    expect(((await apiFetch('/x').catch((e: unknown) => e)) as Error).message).toBe('504: Gateway timeout');
    const ours = JSON.stringify([
      { error: { json: { message: 'Company not found', code: -32004, data: { code: 'NOT_FOUND' } } } },
    ]);
    vi.stubGlobal(
      'fetch',
      async () => new Response(ours, { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    expect((await apiFetch('/x')).status).toBe(404);
  });
  it('shows the server message of our API, and nothing for a JSON parse or network failure', () => {
    const ours = TRPCClientError.from({
      error: { message: 'Company not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } },
    });
    expect(errorText(ours)).toBe('Company not found');
    expect(
      errorText(TRPCClientError.from(new SyntaxError('Unexpected token \'<\', "<html>" is not valid JSON'))),
    ).toBeNull();
    expect(errorText(TRPCClientError.from(new TypeError('Failed to fetch')))).toBeNull();
  });
});

describe('a record page tab (PanelResults) shows each list state the same way', () => {
  type Row = { id: number; name: string };
  const list = (state: ListState, items: Row[] = [], hasMore = false): InfiniteList<Row> => ({
    state,
    items,
    total: items.length,
    overall: items.length,
    refreshing: false,
    hasMore,
    loadingMore: false,
    loadMoreFailed: false,
    loadMore: () => undefined,
    retry: () => undefined,
  });
  const render = (l: InfiniteList<Row>) =>
    renderToStaticMarkup(
      h(
        PanelResults<Row>,
        {
          list: l,
          label: 'Widgets',
          count: (n: number) => `${n} widgets`,
          action: h('button', { type: 'button' }, 'Add Widget'),
          empty: { icon: null, title: 'No widgets yet', text: 'Add the first one.' },
          rowKey: (r: Row) => r.id,
          row: (r: Row) => h('li', null, r.name),
        },
        h('dialog', null, 'the dialog'),
      ),
    );

  it('a failed load offers to try again; loading shows skeleton rows, said once', () => {
    const failed = render(list('error'));
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Try again');
    expect(failed).not.toContain('Add Widget');
    const loading = render(list('loading'));
    expect(loading).toContain('role="status"');
    expect(loading).toContain('aria-label="Loading"');
    expect(loading).not.toContain('widgets');
  });

  it('no rows (or none matching: a tab has no filters) is the empty state with the action', () => {
    for (const state of ['empty', 'no-match'] as const) {
      const html = render(list(state));
      expect(html).toContain('No widgets yet');
      expect(html).toContain('Add the first one.');
      expect(html.match(/Add Widget/g)).toHaveLength(1);
      expect(html).not.toContain('0 widgets');
    }
  });

  it('rows come with the count and the action above them, load-more below, and the dialogs after', () => {
    const html = render(
      list(
        'ready',
        [
          { id: 1, name: 'Sprocket' },
          { id: 2, name: 'Gear' },
        ],
        true,
      ),
    );
    expect(html).toMatch(/^<section aria-label="Widgets">/);
    expect(html).toContain('2 widgets');
    expect(html.indexOf('2 widgets')).toBeLessThan(html.indexOf('Add Widget'));
    expect(html).toContain('<ul class="divide-y divide-slate-100"><li>Sprocket</li><li>Gear</li></ul>');
    expect(html).toContain('Load more');
    expect(html.indexOf('Load more')).toBeLessThan(html.indexOf('the dialog'));
    expect(html).not.toContain('No widgets yet');
  });
});

describe('the view toggle', () => {
  it('is grid then list by default, and takes other views (the tasks board) in their order', () => {
    const kit = renderToStaticMarkup(h(ViewToggle, { value: 'list', onChange: () => undefined }));
    expect(kit.indexOf('Grid view')).toBeLessThan(kit.indexOf('List view'));
    expect(kit).toMatch(/aria-pressed="true" aria-label="List view"/);
    const tasks = renderToStaticMarkup(
      h(ViewToggle<'list' | 'grid' | 'board'>, {
        value: 'board',
        onChange: () => undefined,
        options: [listView, gridView, { mode: 'board', icon: null, label: 'Board view' }],
      }),
    );
    expect(tasks.indexOf('List view')).toBeLessThan(tasks.indexOf('Grid view'));
    expect(tasks).toMatch(/aria-pressed="true" aria-label="Board view"/);
    expect(tasks.match(/aria-pressed="false"/g)).toHaveLength(2);
  });
});

describe('a saved view’s query (shared/saved-views.ts)', () => {
  it('is the part of the address the list reads, in a fixed order, so a view is recognised in the address bar', () => {
    expect(listQueryOf('company', '?view=list&order=desc&sort=status&status=active&contact=4&x=1')).toBe(
      'status=active&sort=status&order=desc&view=list',
    );
    expect(listQueryOf('task', 'task=12&new=1')).toBe('');
    expect(listQueryOf('task', 'search=%20&assigneeId=none&view=board')).toBe('assigneeId=none&view=board');
  });
});
