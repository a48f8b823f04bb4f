import {
  contactCreateInput,
  contactIdInput,
  contactInviteOutput,
  contactListInput,
  contactOutput,
  contactPageOutput,
  contactRemoveOutput,
  contactSavedOutput,
  contactUpdateInput,
} from '../../shared/schemas/contacts';
import {
  createContact,
  getContact,
  listContacts,
  removeContact,
  sendContactInvite,
  updateContact,
} from '../domain/contacts';
import { router, staffProcedure } from '../trpc';

export const contactsRouter = router({
  list: staffProcedure
    .input(contactListInput)
    .output(contactPageOutput)
    .query(({ ctx, input }) => listContacts(ctx, input)),

  get: staffProcedure
    .input(contactIdInput)
    .output(contactOutput)
    .query(({ ctx, input }) => getContact(ctx, input)),

  /**
   * sendInvite: with portal access on, also makes an invite link and mails it ("Send invite now"), in the same
   * transaction as the contact and within the invitation budget (past it, 429 and nothing is saved).
   */
  create: staffProcedure
    .input(contactCreateInput)
    .output(contactSavedOutput)
    .mutation(({ ctx, input }) => createContact(ctx, input)),

  /**
   * Only the given fields change (spec §5). Turning portal access off, moving the contact to another company (or
   * to none) or changing their e-mail ends their portal sessions and voids their invite in the same transaction;
   * a new portal password ends their sessions too.
   */
  update: staffProcedure
    .input(contactUpdateInput)
    .output(contactSavedOutput)
    .mutation(({ ctx, input }) => updateContact(ctx, input)),

  /**
   * Deletes a contact in one transaction. Every table that names a contact (ProjectContact, PortalSession,
   * PortalInvite, FlowSubmission and its FlowAnswers) cascades in the database; their portal access ends
   * explicitly first, so no session outlives the contact even for a moment.
   */
  remove: staffProcedure
    .input(contactIdInput)
    .output(contactRemoveOutput)
    .mutation(({ ctx, input }) => removeContact(ctx, input)),

  /**
   * A new one-time invite link (7 days; earlier unused links stop working), e-mailed to the contact when the
   * server can send mail. The link is answered either way, so staff can copy it. It spends the agency's and the
   * user's invitation budget (shared with staff invites): past either, 429 and no link is made.
   */
  sendInvite: staffProcedure
    .input(contactIdInput)
    .output(contactInviteOutput)
    .mutation(({ ctx, input }) => sendContactInvite(ctx, input)),
});
