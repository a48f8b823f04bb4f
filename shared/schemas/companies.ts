import { z } from 'zod';
import { COMPANY_STATUSES, DEFAULT_COMPANY_STATUS } from '../constants';
import { M } from '../messages';
import { idSchema, optionalText, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

/** http(s)://, then a host of dotted labels, an optional port, then any path, query or fragment. */
const WEB_ADDRESS = /^https?:\/\/[^\s./:?#@]+(\.[^\s./:?#@]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/**
 * A website as people type it (issue 29): an http(s) address, or a bare domain ("acmedental.com",
 * "www.acmedental.com"), which is stored with https:// in front. '' and null store nothing. Every write path (the
 * procedures, the CSV import, the archive import) reads it through this one schema.
 */
export const websiteSchema = z
  .string()
  .trim()
  .max(300)
  .nullish()
  .transform((v) => (!v ? null : /^[a-z][a-z\d+.-]*:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => v === null || WEB_ADDRESS.test(v), M.companies.invalidWebsite);

export const companyFields = {
  name: z.string().trim().min(1, M.companies.nameRequired).max(200),
  industry: optionalText(100),
  website: websiteSchema,
  address: optionalText(300),
  phone: optionalText(40),
  status: z.enum(COMPANY_STATUSES),
};

export const companyCreateInput = z.object({
  ...companyFields,
  status: companyFields.status.default(DEFAULT_COMPANY_STATUS),
});

export const companyUpdateInput = z.object({ id: idSchema }).extend(z.object(companyFields).partial().shape);

/** The dialog's form: the same rules, all fields as plain strings. */
export const companyFormSchema = z.object(companyFields);
export type CompanyForm = z.input<typeof companyFormSchema>;

/** The companies list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const companySorts = listSorts(
  ['name', 'status', 'created'] as const,
  { name: 'asc', status: 'asc', created: 'desc' },
  'name',
);

export const companyListInput = z.object({
  ...sortedPageInput(companySorts),
  search: z.string().trim().max(100).optional(),
  industry: z.string().trim().max(100).optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
  /** The archived companies instead of the live ones (archived companies are hidden everywhere else). */
  archived: queryFlag.optional(),
  /** Also count all of the business's companies ("Showing X of Y"); REST callers only read the total. */
  withOverall: queryFlag.optional(),
});

export const companyIdInput = z.object({ id: idSchema });

/** A company as every procedure answers it (dates are Dates over tRPC, ISO strings over REST). */
export const companyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  status: storedEnum(COMPANY_STATUSES),
  /** When the company was archived; null while it is live. */
  archivedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** A company with its real contact and project counts (list rows and the single-company reply). */
export const companyWithCountsOutput = companyOutput.extend({
  contactCount: z.number().int(),
  projectCount: z.number().int(),
});

/** overall: every company of the agency, whatever the filters (first page only). */
export const companyPageOutput = sortedPageOutput(companyWithCountsOutput);

export const companyIndustriesOutput = z.array(z.string());

/** What deleting a company takes with it (the confirmation dialog's counts). */
export const companyDeleteSummaryOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  contacts: z.number().int(),
  /** Contacts of the company with portal access. */
  portalUsers: z.number().int(),
  projects: z.number().int(),
  /** Tasks of the company's projects. */
  tasks: z.number().int(),
  /** Files of the company or of its projects (stored bytes are removed too). */
  files: z.number().int(),
  /** Flows made for this company only. */
  flows: z.number().int(),
  resources: z.number().int(),
  /** Flow submissions of the company's contacts, also to flows for every client. */
  submissions: z.number().int(),
});

export const companyDeleteOutput = z.object({ ok: z.literal(true) });
