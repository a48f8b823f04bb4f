import * as T from './texts';

/** Several companies per client login (issue 32): the portal's chooser and switch menu, and the hub's contact section. */
export const portalCompanies = {
  chooseFirst: 'Choose a company first.',
  notFound: 'Company not found.',
  chooser: {
    title: 'Choose a company',
    intro: (agencyName: string) =>
      `You have access to several companies at ${agencyName}. Which one do you want to open?`,
    open: T.openNamed,
    signOut: T.signOut,
  },
  switcher: {
    label: (companyName: string) => `Company: ${companyName}. Switch company`,
    heading: 'Switch company',
    current: 'Current company',
    chooseAnother: T.allCompanies,
  },
  hub: {
    title: 'Also has portal access to',
    intro: 'The same sign-in opens these companies of your agency too; the client chooses one after signing in.',
    none: 'No other companies.',
    add: 'Add access',
    addLabel: 'Company to add',
    remove: (companyName: string) => `Remove access to ${companyName}`,
    removed: (companyName: string) => `Removed from ${companyName}.`,
    added: (companyName: string) => `Added to ${companyName}.`,
    ownCompany: 'This is the contact’s own company.',
    already: 'The contact already has access to this company.',
    tooMany: (max: number) => `A contact can have at most ${max} companies.`,
    noCompany: 'Add the contact to a company first.',
    otherCompanyBadge: 'Also a contact here',
    previewIn: (contact: string, company: string) => `Preview portal as ${contact} in ${company}`,
    ownBadge: 'Own company',
    archivedBadge: 'Company archived',
  },
} as const;
