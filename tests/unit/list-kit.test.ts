import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { companyListInput } from '../../shared/schemas/companies';
import { parseListParam } from '../../client/src/lists/useListParams';
import { apiFetch, errorText, HttpReplyError, replyBodyText } from '../../client/src/lib/trpc';

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
