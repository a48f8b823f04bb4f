// Issue 29's form rules, as the shared schemas hold them for every write path (procedures, CSV and archive import)
// and for the forms.
import { describe, expect, it } from 'vitest';
import '../../shared/zod-messages';
import { M } from '../../shared/messages';
import { formatMoney, isKnownCurrency } from '../../shared/money';
import { businessInfoInput, currencySchema } from '../../shared/schemas/business';
import { websiteSchema } from '../../shared/schemas/companies';
import { projectCreateInput, projectFormSchema, projectUpdateInput } from '../../shared/schemas/projects';
import {
  ACTIVE_PROJECT_STATUSES,
  currentProjectStatus,
  PORTAL_PROJECT_STATUS_TONE,
  PROJECT_STATUS_TONE,
  portalProjectStatus,
  projectStatusesFor,
} from '../../shared/status';
import { PROJECT_STATUSES } from '../../shared/constants';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the website: a bare domain is stored with https://', () => {
  it.each([
    ['acmedental.com', 'https://acmedental.com'],
    ['www.acmedental.com', 'https://www.acmedental.com'],
    [' acmedental.com/contact?x=1 ', 'https://acmedental.com/contact?x=1'],
    ['https://acmedental.com', 'https://acmedental.com'],
    ['HTTP://Acme.example:8080/a', 'HTTP://Acme.example:8080/a'],
    ['', null],
    [null, null],
  ])('%j → %j', (typed, stored) => {
    expect(websiteSchema.parse(typed)).toBe(stored);
  });

  it.each([
    'acmedental',
    'ftp://acmedental.com',
    'javascript:alert(1)',
    'mailto:a@b.com',
    'acme dental.com',
    'https://',
  ])("refuses %j with the website's message", (typed) => {
    expect(messages(websiteSchema.safeParse(typed))).toEqual([['', M.companies.invalidWebsite]]);
  });
});

describe('the business address: optional as a whole, the state optional within it', () => {
  const info = { name: 'Studio', email: 'hi@studio.test' };
  const full = { street1: '1 Main St', cityTown: 'Portland', state: '', zipcode: '97201', country: 'USA' };

  it('takes no location, an empty one, or a full one without a state', () => {
    expect(businessInfoInput.parse(info).location).toEqual({
      street1: '',
      street2: '',
      cityTown: '',
      state: '',
      zipcode: '',
      country: '',
    });
    expect(businessInfoInput.safeParse({ ...info, location: { street1: ' ', cityTown: '' } }).success).toBe(true);
    expect(businessInfoInput.parse({ ...info, location: full }).location).toMatchObject(full);
  });

  it('asks for street, city, zip code and country once any part is filled in', () => {
    expect(messages(businessInfoInput.safeParse({ ...info, location: { state: 'OR' } }))).toEqual([
      ['location.street1', M.account.streetRequired],
      ['location.cityTown', M.account.cityRequired],
      ['location.zipcode', M.account.zipRequired],
      ['location.country', M.account.countryRequired],
    ]);
  });
});

describe('the currency: an ISO 4217 code, every amount formatted with it', () => {
  it('takes known codes in any case and refuses others', () => {
    expect(currencySchema.parse(' eur ')).toBe('EUR');
    expect(isKnownCurrency('JPY')).toBe(true);
    for (const bad of ['XYZ', 'US', 'dollars', ''])
      expect(messages(currencySchema.safeParse(bad))).toEqual([['', M.account.invalidCurrency]]);
  });

  it('formats amounts with Intl.NumberFormat in en-US, style currency', () => {
    expect(formatMoney(4800)).toBe('$4,800.00');
    expect(formatMoney(4800, 'EUR')).toBe('€4,800.00');
    expect(formatMoney(4800, 'JPY')).toBe('¥4,800');
    expect(formatMoney(1234.5, 'CAD')).toBe('CA$1,234.50');
    // An unknown code never breaks a page: it reads as dollars.
    expect(formatMoney(1, 'XYZ')).toBe('$1.00');
  });
});

describe('project dates: the due date is not before the start date', () => {
  const refused = [['projectCompletionDate', M.projects.dueBeforeStart]];
  it('refuses it on create, update (both given) and in the form', () => {
    const dates = { projectStartDate: '2031-03-10', projectCompletionDate: '2031-03-09' };
    expect(messages(projectCreateInput.safeParse({ name: 'P', ...dates }))).toEqual(refused);
    expect(messages(projectUpdateInput.safeParse({ id: 1, ...dates }))).toEqual(refused);
    const form = {
      name: 'P',
      description: '',
      status: 'draft',
      companiesId: '',
      projectContactId: [],
      totalHoursEstimated: '',
      totalHoursWorked: '',
      totalBilled: '',
      visibleToClient: false,
      ...dates,
    };
    expect(messages(projectFormSchema.safeParse(form))).toEqual(refused);
  });

  it('takes the same day, one date alone, or none', () => {
    for (const dates of [
      { projectStartDate: '2031-03-10', projectCompletionDate: '2031-03-10' },
      { projectCompletionDate: '2031-03-09' },
      { projectStartDate: '2031-03-10', projectCompletionDate: '' },
      {},
    ])
      expect(projectCreateInput.safeParse({ name: 'P', ...dates }).success).toBe(true);
  });
});

describe('project statuses: one vocabulary', () => {
  it('names on hold among the form’s statuses, and reads the older words as their current ones', () => {
    expect(PROJECT_STATUSES).toEqual(['draft', 'waiting', 'approval', 'in-progress', 'at-risk', 'on-hold', 'complete']);
    expect(projectCreateInput.parse({ name: 'P', status: 'on-hold' }).status).toBe('on-hold');
    expect(projectCreateInput.parse({ name: 'P', status: 'active' }).status).toBe('in-progress');
    expect(projectCreateInput.parse({ name: 'P', status: 'completed' }).status).toBe('complete');
    expect(currentProjectStatus('waiting')).toBe('waiting');
  });

  it('filters "active" as every in-flight status, and each status as itself', () => {
    expect(projectStatusesFor('active')).toEqual(ACTIVE_PROJECT_STATUSES);
    expect(projectStatusesFor('completed')).toEqual(['complete']);
    for (const status of PROJECT_STATUSES) expect(projectStatusesFor(status)).toEqual([status]);
  });

  it('gives every status a label and one badge colour, the same in the hub and the portal', () => {
    for (const status of PROJECT_STATUSES) {
      expect(M.projects.statusLabels[status]).toBeTruthy();
      expect(PORTAL_PROJECT_STATUS_TONE[portalProjectStatus(status)]).toBe(PROJECT_STATUS_TONE[status]);
      expect(M.portal.status[portalProjectStatus(status)]).toBe(M.projects.statusLabels[status]);
    }
  });
});
