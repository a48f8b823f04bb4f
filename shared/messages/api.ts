/** The OpenAPI document (/api/openapi.json) and its reference page (/api/docs). */
export const api = {
  title: 'Clientflow API',
  description:
    'The REST paths of Clientflow. `/api` paths use camelCase names; `/auth` and `/{name}/v1` paths use snake_case. ' +
    'Sign in with `POST /auth/v1/login` and send its `authToken` as `Authorization: Bearer <authToken>`; browsers use the session cookie instead. ' +
    'Every error answers `{message, code, issues?, requestId}`; `requestId` is also the reply’s `X-Request-Id` header (send your own to have it kept): quote it when reporting a problem.',
  docsTitle: 'Clientflow API reference',
  bearer:
    'The authToken from sign-up or sign-in, or a personal API token (`cf_pat_…`, Account → Integrations) with its owner’s rights; an API token cannot manage sign-in, API tokens or the team.',
  cookie: 'The session cookie a browser gets at sign-in; writes must then come from the app’s own origin.',
  ok: 'OK',
  requestId:
    'The request’s id, the same as its X-Request-Id header and in the server’s log lines: quote it when reporting a problem.',
  /** What each error status of the REST paths means. */
  errors: {
    400: 'Invalid input: `message` is the first problem, `issues` lists each field with its message.',
    401: 'No valid session (or wrong credentials on sign-in).',
    403: 'Your role may not do this, an API token asked for what needs a signed-in session, or a cookie-authenticated write did not come from the app’s own origin (on an invite link: the contact’s portal access is off).',
    404: 'No such row in your agency (on a one-time link: no such link).',
    409: 'Already taken (on a one-time link: already used).',
    412: 'The one-time link has expired.',
    413: 'The file is larger than the upload limit.',
    429: 'Too many attempts; see Retry-After.',
  },
  listHeaders: {
    total: 'Rows matching the filters (first page only).',
    overall: 'Every row of the list, whatever the filters (first page only, when withOverall=true is asked).',
    nextCursor: 'Pass as `cursor` for the next page; absent on the last page.',
  },
  retryAfter: 'Seconds to wait before trying again.',
} as const;
