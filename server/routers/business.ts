/**
 * The agency's own business: its information and portal branding for the account page, and the public branding the
 * portal's login page reads by slug (server/domain/business). The logo's bytes travel outside tRPC (server/files/logo.ts).
 */
import {
  brandingInput,
  brandStyleInput,
  businessInfoInput,
  businessOutput,
  messageEmailInput,
  portalBrandingOutput,
} from '../../shared/schemas/business';
import {
  getBusiness,
  portalBranding,
  removeLogo,
  updateBusinessInfo,
  updateBusinessStyle,
  updateMessageEmail,
} from '../domain/business';
import { permittedProcedure, publicProcedure, router, staffProcedure } from '../trpc';

export const businessRouter = router({
  /** GET /api/business: any staff member may read it (members see the account page read-only). */
  // One hand-written statement (a read on every visit of the account page; the bench compares it with raw SQL).
  get: staffProcedure.output(businessOutput).query(({ ctx }) => getBusiness(ctx)),

  /** PUT /api/business/info {name, email, phone, location}. */
  updateInfo: permittedProcedure('account.manage')
    .input(businessInfoInput)
    .output(businessOutput)
    .mutation(({ ctx, input }) => updateBusinessInfo(ctx, input)),

  /** PUT /api/business/style {primary_color, secondary_color, button_text_color, login_text}. */
  updateStyle: permittedProcedure('branding.manage')
    .input(brandStyleInput)
    .output(businessOutput)
    .mutation(({ ctx, input }) => updateBusinessStyle(ctx, input)),

  /** PUT /api/business/message-email {delay_minutes, includes_text}: unread messages by e-mail (issue 30). */
  updateMessageEmail: permittedProcedure('account.manage')
    .input(messageEmailInput)
    .output(businessOutput)
    .mutation(({ ctx, input }) => updateMessageEmail(ctx, input)),

  /** DELETE /api/business/logo: back to the business name on the portal's login page. */
  removeLogo: permittedProcedure('branding.manage')
    .output(businessOutput)
    .mutation(({ ctx }) => removeLogo(ctx)),

  /** GET /api/business/branding/{slug}: public (the portal's login page, before anyone signs in). */
  branding: publicProcedure
    .input(brandingInput)
    .output(portalBrandingOutput)
    .query(({ ctx, input }) => portalBranding(ctx, input)),
});
