import { z } from 'zod';
import { idSchema } from './common';

/**
 * Several companies per client login (issue 32). A contact's own company is Contact.companyId; ContactCompany rows
 * add other companies of the same agency that the same sign-in opens (LIMITS.companiesPerContact in all).
 */
export const contactCompanyInput = z.object({ contactId: idSchema, companyId: idSchema });
export const contactCompaniesInput = z.object({ contactId: idSchema });

/** One company a contact may sign in to; own: their Contact.companyId (not removable here). */
const contactCompanyRow = z.object({
  companyId: z.number().int(),
  name: z.string(),
  own: z.boolean(),
  archived: z.boolean(),
});
export const contactCompaniesOutput = z.object({ companies: z.array(contactCompanyRow), max: z.number().int() });

/** The portal's chooser and switch menu: the session's contact's live companies; current: the session's one. */
export const portalCompaniesOutput = z.object({
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), current: z.boolean() })),
});
export const portalChooseCompanyInput = z.object({ companyId: idSchema });
export const portalChooseCompanyOutput = z.object({ companyId: z.number().int(), name: z.string() });

/** A company's contacts tab: contacts of other companies who also have access to this one, marked. */
export const companyGuestContactsInput = z.object({ companyId: idSchema });
export const companyGuestContactsOutput = z.object({
  contacts: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      ownCompany: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  total: z.number().int(),
});
