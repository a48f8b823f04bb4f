/**
 * "Preview as this contact" (issue 27): staff open the portal exactly as one contact sees it, read-only. start makes
 * a portal session of that contact marked with the staff user (PortalSession.previewUserId), for an hour and no
 * longer (server/auth/sessions.ts), and sets it as the portal cookie the way a portal sign-in does. What the
 * session may do is the portal's own procedures' business: they read as the contact (the one visibility rule of
 * server/portal/visibility.ts) and server/trpc.ts refuses every write. Nothing is recorded in the client's activity
 * and no mail goes out: the preview is no sign-in of the client.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { portalPreviewStartInput } from '../../../shared/schemas/portal-preview';
import { createPortalSession, portalCompaniesOf } from '../../auth/sessions';
import type { StaffScope } from '../context';

/**
 * Any staff member (they see every contact anyway); a signed-in session only, as it hands out a portal credential.
 * Another agency's contact or none: NOT_FOUND; no portal access or no company: BAD_REQUEST, saying which. Returns the
 * session's token for the transport to set as the portal cookie, and where the preview opens.
 */
export async function startPortalPreview(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user' | 'session' | 'app'>,
  input: z.output<typeof portalPreviewStartInput>,
) {
  const contact = await scope.db.contact.findFirst({
    where: { id: input.contactId },
    select: { id: true, portalAccess: true, companyId: true },
  });
  if (!contact) throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.notFound });
  if (!contact.portalAccess) throw new TRPCError({ code: 'BAD_REQUEST', message: M.portal.preview.noAccess });
  if (contact.companyId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: M.portal.preview.noCompany });
  // A contact of several companies is previewed in one of them (their own unless another is chosen): any other
  // company, archived or not theirs, is NOT_FOUND.
  const companyId = input.companyId ?? contact.companyId;
  const companies = await portalCompaniesOf(scope.app.database.db, scope.businessId, contact.id);
  if (!companies.some((c) => c.id === companyId))
    throw new TRPCError({ code: 'NOT_FOUND', message: M.portalCompanies.notFound });
  // Sessions are written by the unscoped client (server/auth/sessions.ts), with the business given.
  const { token, expiresAt } = await createPortalSession(
    scope.app.database.db,
    scope.businessId,
    contact.id,
    scope.user.id,
    companyId,
  );
  return { token, expiresAt, url: `/portal/${encodeURIComponent(scope.session.business.slug)}/dashboard` };
}
