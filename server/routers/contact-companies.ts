/** Several companies per client login (server/domain/contact-companies): the hub's section and the portal's switch. */
import {
  companyGuestContactsInput,
  companyGuestContactsOutput,
  contactCompaniesInput,
  contactCompaniesOutput,
  contactCompanyInput,
  portalChooseCompanyInput,
  portalChooseCompanyOutput,
  portalCompaniesOutput,
} from '../../shared/schemas/contact-companies';
import {
  addContactCompany,
  choosePortalCompany,
  listCompanyGuestContacts,
  listContactCompanies,
  listPortalCompanies,
  removeContactCompany,
} from '../domain/contact-companies';
import { portalProcedure, router, staffProcedure } from '../trpc';

export const contactCompaniesRouter = router({
  /** The companies a contact may sign in to: their own first, then the others by name. */
  list: staffProcedure
    .input(contactCompaniesInput)
    .output(contactCompaniesOutput)
    .query(({ ctx, input }) => listContactCompanies(ctx, input)),
  /** Gives the contact's login access to another company of the agency (at most 30 companies in all). */
  add: staffProcedure
    .input(contactCompanyInput)
    .output(contactCompaniesOutput)
    .mutation(({ ctx, input }) => addContactCompany(ctx, input)),
  /** Ends the contact's access to one of their other companies; their sessions there end at once. */
  remove: staffProcedure
    .input(contactCompanyInput)
    .output(contactCompaniesOutput)
    .mutation(({ ctx, input }) => removeContactCompany(ctx, input)),
  /** Contacts of other companies who also have access to this company. */
  ofCompany: staffProcedure
    .input(companyGuestContactsInput)
    .output(companyGuestContactsOutput)
    .query(({ ctx, input }) => listCompanyGuestContacts(ctx, input)),
});

export const portalCompaniesRouter = router({
  /** The signed-in contact's companies (allowed before a company is chosen). */
  list: portalProcedure.output(portalCompaniesOutput).query(({ ctx }) => listPortalCompanies(ctx)),
  /** Opens one of the contact's companies in this session; any other id: 404. */
  choose: portalProcedure
    .input(portalChooseCompanyInput)
    .output(portalChooseCompanyOutput)
    .mutation(({ ctx, input }) => choosePortalCompany(ctx, input)),
});
