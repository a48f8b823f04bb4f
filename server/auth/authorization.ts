/**
 * The Authorization header, parsed once per request.
 * - absent: null (the session cookie may be used);
 * - present: { token } when it is exactly `Bearer <token>`, else { token: null } (malformed).
 * When the header is present, the cookie is never used, and it is never treated as a browser request.
 */
export type Authorization = { token: string | null } | null;

export function parseAuthorization(header: string | undefined): Authorization {
  if (header === undefined || header === '') return null;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header.trim());
  return { token: match ? match[1] : null };
}
