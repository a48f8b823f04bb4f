import * as T from './texts';

/** The company page (/hub/companies/{id}). */
export const companyPage = {
  back: T.companies,
  edit: 'Edit company',
  contacts: T.contacts,
  details: T.details,
  resourcesAccess: T.resourcesAccess,
  addContact: T.addContact,
  noContacts: 'No contacts at this company yet',
  noContactsText: 'Add the people you work with here, then give them access to the client portal.',
  notFound: T.companyNotFound,
  notFoundText: T.maybeDeleted,
  backToCompanies: 'Back to Companies',
  industry: T.industry,
  website: T.website,
  phone: T.phone,
  address: T.address,
  added: (when: string) => `Added ${when}`,
  since: 'Client since',
  notSet: T.notSet,
  setUpAccess: 'Set up access',
  manageAccess: 'Manage access',
  manageAccessOf: (name: string) => `Manage access for ${name}`,
  contactActions: (name: string) => `Portal access of ${name}`,
  inviteFor: (name: string) => `Invite link for ${name}`,
  dismissInvite: 'Hide link',
} as const;
