import { z } from 'zod';
import { DOCUMENT_TYPES } from '../constants';
import { M } from '../messages';
import { idSchema, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

/** contract (the default), agreement, proposal, invoice, report, other. */
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);

/** Sizes are 32-bit integers in both databases. */
const MAX_DOCUMENT_SIZE = 2_147_483_647;

export const documentNameSchema = z.string().trim().min(1, M.documents.nameRequired).max(255);

/** A document's url column, whatever it holds: an external address, this server's download path, or none. */
export const documentUrlText = z.string().trim().max(2048);

/** An external file's address: absolute http(s) only (never javascript:, data: or a path on this server). */
export const documentUrlSchema = documentUrlText.refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}, M.documents.invalidUrl);

/** The spec: a document's size is an integer, and a non-numeric value becomes 0. */
const sizeSchema = z.preprocess((value) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}, z.number().int().min(0).max(MAX_DOCUMENT_SIZE));

/**
 * Where a file sits: a company of the agency and, optionally, one of that company's projects. With a project and
 * no company, the file goes to the project's company.
 */
const placement = {
  companyId: idSchema.nullish(),
  projectId: idSchema.nullish(),
};

/**
 * POST /api/documents (spec §7.2): links an external file by its URL. `uploadedBy` is accepted for the spec's
 * payload and ignored: the uploader is always the signed-in user. Uploading the file itself is
 * POST /api/documents/upload (multipart).
 */
export const documentCreateInput = z.object({
  name: documentNameSchema,
  type: documentTypeSchema.default('contract'),
  url: documentUrlSchema,
  size: sizeSchema.optional(),
  ...placement,
  /** Ignored: always the signed-in user. */
  uploadedBy: z.unknown().optional(),
  /** Internal until shared (issue 27): a new file is kept from the client portal unless this says otherwise. */
  visibleInPortal: z.boolean().default(false),
});
export type DocumentCreate = z.output<typeof documentCreateInput>;

/** The text fields of the multipart upload (every value arrives as text); `name` defaults to the file's own name. */
export const documentUploadFields = z.object({
  name: z.string().trim().max(255).optional(),
  type: z
    .union([documentTypeSchema, z.literal('')])
    .optional()
    .transform((v) => v || 'contract'),
  companyId: z
    .union([z.literal(''), idSchema])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  projectId: z
    .union([z.literal(''), idSchema])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Internal until shared (issue 27): only 'true' shows the new file in the client portal. */
  visibleInPortal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Rename, re-type, move between company and project (null: no project), show or hide in the portal. */
export const documentUpdateInput = z.object({
  id: idSchema,
  name: documentNameSchema.optional(),
  type: documentTypeSchema.optional(),
  /** Moving a file to another company takes it out of its project unless a project of that company is given. */
  companyId: idSchema.optional(),
  projectId: idSchema.nullable().optional(),
  visibleInPortal: z.boolean().optional(),
});

/**
 * The upload and edit dialogs' form: the same rules over plain inputs ('' for no company or no project). Whether a
 * company is needed depends on where the dialog is opened (a project page knows it), so the dialog checks that.
 */
export const documentFormSchema = z.object({
  name: documentNameSchema,
  type: documentTypeSchema,
  companyId: z.union([idSchema, z.literal('')]),
  projectId: z.union([idSchema, z.literal('')]),
  visibleInPortal: z.boolean(),
});
export type DocumentForm = z.input<typeof documentFormSchema>;
export type DocumentFormValues = z.output<typeof documentFormSchema>;

/** The project filter: a project's id, or 'none' for files without a project ('No Project'). */
const documentProjectFilter = z.union([z.literal('none'), idSchema]);

/** The documents list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const documentSorts = listSorts(
  ['name', 'type', 'size', 'created'] as const,
  { name: 'asc', type: 'asc', size: 'desc', created: 'desc' },
  'created',
);

export const documentListInput = z.object({
  ...sortedPageInput(documentSorts),
  /** Matches the file's name. */
  search: z.string().trim().max(100).optional(),
  type: documentTypeSchema.optional(),
  companyId: idSchema.optional(),
  projectId: documentProjectFilter.optional(),
  /** pending: files with a pending approval request ("Awaiting approval"). */
  approval: z.enum(['pending']).optional(),
  /** Also count all of the agency's files ("Showing X of Y"). */
  withOverall: queryFlag.optional(),
});

export const documentIdInput = z.object({ id: idSchema });

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A file as lists, the dialogs and the download link read it. */
export const documentOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  type: storedEnum(DOCUMENT_TYPES),
  /** An external file's address, or this server's download path for an uploaded one. */
  url: z.string(),
  /** Bytes; 0 when unknown. */
  size: z.number().int(),
  companyId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  company: ref,
  project: ref,
  /** The staff user who added it. */
  uploadedBy: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  /** True when the hub keeps the bytes (an upload); false for a link to an external file. */
  stored: z.boolean(),
  /** The uploaded file's own name (the download's file name). */
  originalName: z.string().nullable(),
  mimeType: z.string().nullable(),
  visibleInPortal: z.boolean(),
  /** The current version's number (1 until a new version is uploaded; the history: documents.versions). */
  version: z.number().int(),
  createdAt: z.date(),
  /** The conversation the file was first attached to a message in (internal: that message is an internal note). */
  sentIn: z.object({ threadId: z.number().int(), title: z.string(), internal: z.boolean() }).nullable(),
  /** The newest approval request's status (issue 31); null when none was ever sent. */
  approvalStatus: z.enum(['pending', 'approved', 'changes_requested', 'reset', 'cancelled']).nullable(),
  /** The current version's thumbnail (an image, a PDF's first page) once made; null while there is none. */
  thumbUrl: z.string().nullable(),
});
export type DocumentRow = z.output<typeof documentOutput>;

export const documentPageOutput = sortedPageOutput(documentOutput);

export const documentRemoveOutput = z.object({ ok: z.literal(true) });

/** The files screen's numbers, SQL aggregates over the agency's files. */
export const documentStatsOutput = z.object({
  total: z.number().int(),
  /** Created within the last 7 days (the spec's "recent files"). */
  recent: z.number().int(),
  /** Bytes of all files whose size is known. */
  totalSize: z.number(),
  /** The most one upload may carry (MAX_UPLOAD_BYTES), so the dialog can refuse a bigger file before sending it. */
  maxUploadBytes: z.number().int(),
});

/**
 * Who sharing with a company reaches, for the share dialogs of files and resources: the company, how many of its
 * contacts have portal access, and (when a project is named) whether the client sees that project, without which
 * the client does not see what is shared in it either (server/portal/visibility.ts).
 */
/** With a project and no company, the project's company is taken (as a file's placement does). */
export const shareAudienceInput = z.object({ companyId: idSchema.nullish(), projectId: idSchema.nullish() });
export const shareAudienceOutput = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The company's contacts with portal access. */
  portalContacts: z.number().int(),
  /** The named project; `shown`: the client sees it (shared, not a draft). */
  project: z.object({ id: z.number().int(), name: z.string(), shown: z.boolean() }).nullable(),
});

/** The download path of an uploaded file (GET, staff session). */
export const documentDownloadPath = (id: number) => `/api/documents/${id}/download`;

/** A thumbnail's path: its content hash names it, so it is cached for good (GET, staff or portal session). */
export const documentThumbPath = (id: number, hash: string) => `/api/documents/${id}/thumb/${hash}.webp`;
