// The texts the first screen of every page needs (the router's loading and error screens, the shared feedback
// components): kept apart from the full catalogue (./messages.ts, which includes them as M.shell and M.common) so
// the landing page and the entry chunk do not load every text of the product (about 23 KB gzipped).
import * as T from './messages/texts-core';

export const PRODUCT_NAME = 'Clientflow';

export const CORE = {
  /** Page titles (shown as '{title} — Clientflow'), the hub's frame, the 404 page and the sign-in/sign-up extras. */
  shell: {
    titles: { signIn: T.signIn, signUp: 'Create your account', dashboard: T.dashboard, notFound: T.pageNotFound },
    loadingApp: `Loading ${PRODUCT_NAME}`,
    loadingHub: 'Loading your hub',
    hubUnreachable: 'The hub could not be reached',
    notFoundText: 'The page you are looking for does not exist or has moved.',
    backToDashboard: 'Back to the dashboard',
    backToHome: 'Back to the home page',
    somethingWrong: 'Something went wrong',
    somethingWrongText: 'Reload the page to try again. If it keeps happening, the server log has the details.',
    reload: 'Reload',
    demoAdmin: 'Admin:',
    fillDemo: 'Fill in the demo account',
    emailPlaceholder: 'you@agency.com',
    email: T.email,
    password: T.password,
    portalPreview: 'Your client portal:',
    /** A slug the Brand URL rules accept (letters and digits, 3–30): the field's placeholder and the preview until one is typed. */
    exampleSlug: 'yourbrand',
  },
  common: {
    error: T.error,
    notFound: '404 Page Not Found',
    clear: T.clear,
    loadMore: T.loadMore,
    retry: T.tryAgain,
    loadFailed: 'Something went wrong while loading. Please try again.',
    tooLarge: 'Request body too large.',
    badJson: 'Request body is not valid JSON.',
    badRequest: 'The request could not be understood.',
    nulCharacter: 'Text cannot contain NUL characters.',
    unknownPath: 'No such API path.',
    internal: 'Something went wrong on our side. Please try again.',
    tooDeep: 'Request data is nested too deeply.',
    close: T.close,
    loading: 'Loading',
    required: 'required',
    opensInNewTab: '(opens in a new tab)',
    /** Completes 'Failed to create company: {server text}' when no reply could be read. */
    noReply: T.noReply,
  },
} as const;
