/**
 * A portal address in an e-mail about one company's things: it carries the company (?company=), so a contact of
 * several companies (ContactCompany) lands in that company; the portal switches to it when the contact belongs to it.
 */
export const portalLink = (publicUrl: string, slug: string, path: string, companyId: number | null) =>
  `${publicUrl}/portal/${slug}/${path}${companyId === null ? '' : `?company=${companyId}`}`;
