/** File versions (issue 31): a file's history, a version's sharing with the client, the portal's shared versions. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { idSchema, MAX_ID } from './common';
import { pageOutput } from './output';

/** A version's number: 1, 2, 3… per file. */
export const versionNumberSchema = z.coerce.number().int().positive().max(MAX_ID);

/** Newest first; cursor: the number of the last version seen (keyset over (documentId, number)). */
export const versionListInput = z.object({
  id: idSchema,
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSize),
  cursor: versionNumberSchema.nullish(),
});

export const versionShareInput = z.object({
  id: idSchema,
  number: versionNumberSchema,
  sharedWithClient: z.boolean(),
});

/** One version as the history lists it. */
export const versionOutput = z.object({
  number: z.number().int(),
  /** The staff user who uploaded it (null: a client, or a deleted user; see uploadedByName). */
  uploadedById: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: z.date(),
  /** Bytes; 0 when unknown (a link). */
  size: z.number().int(),
  /** SHA-256 of the bytes (hex); null for a link, or a file uploaded before versions existed. */
  sha256: z.string().nullable(),
  originalName: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** True when the hub keeps the bytes; false for a link. */
  stored: z.boolean(),
  /** The file's current version (what the client sees when the file is shared). */
  current: z.boolean(),
  /** An older version staff shared with the client explicitly (the current one follows the file's sharing). */
  sharedWithClient: z.boolean(),
  /** Where this version's bytes are downloaded (or a link's address). */
  url: z.string(),
});
export type VersionRow = z.output<typeof versionOutput>;

export const versionPageOutput = pageOutput(versionOutput);

/** The reply of an upload of a new version (POST /api/documents/{id}/versions). */
export const versionUploadOutput = z.object({
  version: versionOutput,
  /** The pending approval requests of the file this version reset (their ids). */
  resetApprovalRequestIds: z.array(z.number().int()),
  /** The request that asks the client again, about this version (the newest reset one's approvers); null: none. */
  reaskedApprovalRequestId: z.number().int().nullable(),
});

/** The portal's view of a file's older versions shared with the client. */
const portalVersionOutput = versionOutput.pick({
  number: true,
  createdAt: true,
  size: true,
  originalName: true,
  mimeType: true,
  url: true,
});
export const portalVersionListOutput = z.object({
  /** The file itself, as its current version shows it (a search result opens the viewer from this). */
  file: z.object({
    name: z.string(),
    version: z.number().int(),
    /** null: a link, or nothing stored (the viewer does not open it). */
    mimeType: z.string().nullable(),
    url: z.string(),
  }),
  items: z.array(portalVersionOutput),
});

/** The download path of one version (staff; a portal session for a shared one). */
export const versionDownloadPath = (id: number, number: number) => `/api/documents/${id}/versions/${number}/download`;
/** The upload of a new version (multipart, field `file`). */
export const versionUploadPath = (id: number) => `/api/documents/${id}/versions`;
