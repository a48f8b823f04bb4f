// Texts that the first screens of every page show (the router's loading and error screens) and the sign-in pages:
// in a module of their own, so that those chunks hold these alone, not all of ./texts.ts or ./frames.ts (./texts.ts
// re-exports its part).

export const clear = 'Clear';
export const close = 'Close';
export const dashboard = 'Dashboard';
export const email = 'Email';
export const error = 'Error';
export const loadMore = 'Load more';
export const noReply = 'the server did not answer. Please try again.';
export const password = 'Password';
export const signIn = 'Sign in';
export const tryAgain = 'Try again';
export const pageNotFound = 'Page not found';
export const or = 'or';
/** sso.signInWith and .emailFirst: the sign-in pages' single sign-on button. */
export const ssoSignInWith = (provider: string) => `Sign in with ${provider}`;
export const ssoEmailFirst = 'Enter your work e-mail above, then choose single sign-on.';
/** account.logoAlt: the portal's brand (sign-in and frame). */
export const logoAlt = (business: string) => `${business} logo`;
