/**
 * Reading approval requests: one request, or a bounded list, with its file, version and steps (three statements
 * whatever the number of requests: Prisma's include reads each relation once for the whole list).
 */
import type { ApprovalRow, PortalApprovalRow } from '../../../shared/schemas/approvals';
import { documentDownloadPath } from '../../../shared/schemas/documents';
import type { Db } from '../../db';

export const requestSelect = {
  id: true,
  documentId: true,
  companyId: true,
  versionId: true,
  mode: true,
  status: true,
  message: true,
  dueAt: true,
  requestedById: true,
  requestedByName: true,
  remindedAt: true,
  decidedAt: true,
  createdAt: true,
  document: {
    select: {
      name: true,
      version: true,
      mimeType: true,
      storageKey: true,
      url: true,
      companyId: true,
      visibleInPortal: true,
      project: { select: { companyId: true, visibleToClient: true, status: true } },
    },
  },
  version: { select: { number: true, sha256: true } },
  company: { select: { name: true } },
  steps: {
    orderBy: { position: 'asc' },
    select: {
      id: true,
      position: true,
      status: true,
      contactId: true,
      decidedById: true,
      decidedByName: true,
      decidedAt: true,
      decidedIp: true,
      versionSha256: true,
      comment: true,
      contact: { select: { firstName: true, lastName: true } },
    },
  },
} as const;

/**
 * The tenant-scoped client (and its transactions) and the plain one (a job's transaction) share the model API, but
 * Prisma's extension types are not assignable to each other: the helpers here take either, typed as the plain one.
 */
export const anyDb = (db: unknown) => db as Db;
type Reader = Pick<Db, 'approvalRequest'>;
export type RequestRecord = NonNullable<Awaited<ReturnType<typeof readRequest>>>;

export function readRequest(db: Reader, businessId: number, id: number) {
  return db.approvalRequest.findFirst({ where: { businessId, id }, select: requestSelect });
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

const isOverdue = (r: RequestRecord, now: Date) => r.status === 'pending' && r.dueAt !== null && r.dueAt < now;

function baseOf(r: RequestRecord, now: Date) {
  return {
    id: r.id,
    documentId: r.documentId,
    documentName: r.document.name,
    companyId: r.companyId,
    mode: r.mode as ApprovalRow['mode'],
    status: r.status as ApprovalRow['status'],
    message: r.message,
    dueAt: r.dueAt,
    overdue: isOverdue(r, now),
    versionNumber: r.version.number,
    versionSha256: r.version.sha256,
    requestedByName: r.requestedByName,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
  };
}

const stepOf = (s: RequestRecord['steps'][number]) => ({
  id: s.id,
  position: s.position,
  status: s.status as ApprovalRow['steps'][number]['status'],
  contact: s.contactId === null || !s.contact ? null : { id: s.contactId, name: fullName(s.contact) },
  decidedByName: s.decidedByName,
  decidedAt: s.decidedAt,
  comment: s.comment,
});

/** The hub's view: every step with the decision's address and hash. */
export function staffView(r: RequestRecord, now = new Date()): ApprovalRow {
  return {
    ...baseOf(r, now),
    remindedAt: r.remindedAt,
    steps: r.steps.map((s) => ({ ...stepOf(s), decidedIp: s.decidedIp, versionSha256: s.versionSha256 })),
  };
}

/** The step this contact may decide now: pending, and theirs (or anyone's, mode any). */
export const stepFor = (r: RequestRecord, contactId: number) =>
  r.status === 'pending'
    ? r.steps.find(
        (s) => s.status === 'pending' && (s.contactId === contactId || (r.mode === 'any' && s.contactId === null)),
      )
    : undefined;

/** The portal's view: no address, no reminder; canDecide for this contact, on the file's current version. */
export function clientView(r: RequestRecord, contactId: number, now = new Date()): PortalApprovalRow {
  return {
    ...baseOf(r, now),
    fileUrl: r.document.storageKey ? documentDownloadPath(r.documentId) : r.document.url,
    mimeType: r.document.mimeType,
    canDecide: stepFor(r, contactId) !== undefined && r.version.number === r.document.version,
    steps: r.steps.map(stepOf),
  };
}
