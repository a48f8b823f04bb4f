// The portal's addresses, in a module of their own: the sign-in page uses them without loading the data layer that
// ./session.ts reads the session with.

/** Slugs are stored lower-case; an address may carry any case. */
export const sameSlug = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const portalPath = (slug: string, page: string) =>
  `/portal/${encodeURIComponent(slug.trim().toLowerCase())}/${page}`;
