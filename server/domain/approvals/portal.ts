/**
 * The portal's side of approvals (`portalApprovals.*`): a contact reads the requests of their own company's files
 * that they may see (the file's client rule, server/portal/visibility.ts), and decides only a step that is theirs
 * (their own, or anyone's in mode any) while it is pending, on the file's current version. Anything else of another
 * company, an unshared file or another agency answers NOT_FOUND, like a missing request.
 *
 * A decision records who, when, from which address (req.ip, as the app's TRUST_PROXY setting determines it), the
 * version's SHA-256 and the comment, with an activity entry (which notifies staff: server/notifications). In a
 * sequence an approval opens the next step (its contact is e-mailed); changes requested ends the request; the last
 * approval approves it. Approving again what is already approved changes nothing and answers the request.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  APPROVAL_REVIEW_MAX,
  type portalApprovalInput,
  type portalDecideInput,
  type portalReviewsInput,
} from '../../../shared/schemas/approvals';
import { contactActor, recordActivity } from '../../activity';
import { isClientVisible } from '../../portal/visibility';
import type { RequestScope } from '../auth/rules';
import type { PortalScope } from '../context';
import { checkSlug } from '../portal';
import { announceApproval } from './changes';
import { mailApprovers } from './mail';
import { anyDb, clientView, fullName, readRequest, requestSelect, stepFor, type RequestRecord } from './read';

const A = M.approvals;
type Client = Pick<PortalScope, 'db' | 'sql' | 'businessId' | 'companyId' | 'contactId' | 'portalSession' | 'app'> &
  Pick<RequestScope, 'ip'>;

const refuse = (code: 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND', message: string): never => {
  throw new TRPCError({ code, message });
};

/** Whether this client may see the request: their company's, and its file shown to them now. */
const visibleTo = (r: RequestRecord, companyId: number) =>
  r.companyId === companyId && isClientVisible.document(r.document, r.document.project, companyId);

async function clientRequest(scope: Client, requestId: number) {
  const request = await readRequest(anyDb(scope.db), scope.businessId, requestId);
  return request && visibleTo(request, scope.companyId) ? request : refuse('NOT_FOUND', A.notFound);
}

/** "Needs your review": the requests this contact may decide now, oldest due first. */
export async function portalReviews(scope: Client, input: z.output<typeof portalReviewsInput>) {
  checkSlug(scope, input?.slug);
  const rows = await scope.db.approvalRequest.findMany({
    where: {
      companyId: scope.companyId,
      status: 'pending',
      OR: [
        { steps: { some: { status: 'pending', contactId: scope.contactId } } },
        { mode: 'any', steps: { some: { status: 'pending', contactId: null } } },
      ],
      document: { is: { companyId: scope.companyId, visibleInPortal: true } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: APPROVAL_REVIEW_MAX,
    select: requestSelect,
  });
  const now = new Date();
  return {
    items: rows.filter((r) => visibleTo(r, scope.companyId)).map((r) => clientView(r, scope.contactId, now)),
  };
}

export async function portalApproval(scope: Client, input: z.output<typeof portalApprovalInput>) {
  checkSlug(scope, input.slug);
  return clientView(await clientRequest(scope, input.requestId), scope.contactId);
}

/** The refusal (or null: go ahead) of a decision on a request as it is now. */
function decisionProblem(r: RequestRecord, input: z.output<typeof portalDecideInput>) {
  // A newer version was uploaded since the request was sent (or since the client opened it): about an old version.
  if (r.status === 'reset' || r.version.number !== r.document.version) return A.staleVersion;
  if (input.versionNumber !== undefined && input.versionNumber !== r.document.version) return A.staleVersion;
  return null;
}

/** Whether approving again would change nothing: the request is approved, or this contact's step already is. */
const alreadyApproved = (r: RequestRecord, contactId: number) =>
  r.status === 'approved' || r.steps.some((s) => s.status === 'approved' && s.decidedById === contactId);

export async function portalDecide(scope: Client, input: z.output<typeof portalDecideInput>) {
  checkSlug(scope, input.slug);
  const contact = scope.portalSession.contact;
  const business = scope.portalSession.business;
  const outcome = await scope.db.$transaction(async (tx) => {
    const request = await readRequest(anyDb(tx), scope.businessId, input.requestId);
    if (!request || !visibleTo(request, scope.companyId)) return refuse('NOT_FOUND', A.notFound);
    const stale = decisionProblem(request, input);
    if (stale) return refuse('BAD_REQUEST', stale);
    if (input.decision === 'approve' && alreadyApproved(request, scope.contactId)) return { request, changed: null };
    if (request.status !== 'pending') return refuse('BAD_REQUEST', A.notPending);
    const step = stepFor(request, scope.contactId);
    if (!step) {
      const mine = request.steps.find((s) => s.contactId === scope.contactId);
      return refuse(mine?.status === 'waiting' ? 'BAD_REQUEST' : 'FORBIDDEN', mine ? A.notYourTurn : A.notYourStep);
    }
    const now = new Date();
    const approve = input.decision === 'approve';
    // Conditional on the step still pending: of two decisions at once, one is recorded.
    const { count } = await tx.approvalStep.updateMany({
      where: { id: step.id, status: 'pending' },
      data: {
        status: approve ? 'approved' : 'changes_requested',
        decidedById: scope.contactId,
        decidedByName: fullName(contact),
        decidedAt: now,
        decidedIp: scope.ip,
        versionSha256: request.version.sha256,
        comment: input.comment ?? null,
      },
    });
    if (count === 0) return refuse('BAD_REQUEST', A.notPending);
    const next = approve ? request.steps.find((s) => s.position > step.position && s.status === 'waiting') : undefined;
    const status = !approve ? 'changes_requested' : next ? 'pending' : 'approved';
    if (next) {
      await tx.approvalStep.update({ where: { id: next.id }, data: { status: 'pending' }, select: { id: true } });
      await mailApprovers(anyDb(tx), {
        businessId: scope.businessId,
        business,
        publicUrl: scope.app.env.publicUrl,
        request,
        fileName: request.document.name,
        // A removed contact's step (contactId cleared) mails nobody: staff cancel and ask again.
        contactIds: next.contactId === null ? [] : [next.contactId],
        reason: 'next',
      });
    } else {
      await tx.approvalRequest.update({
        where: { id: request.id },
        data: { status, decidedAt: now },
        select: { id: true },
      });
    }
    await recordActivity(tx, scope.businessId, contactActor(contact), {
      entityType: 'file',
      entityId: request.documentId,
      entityName: request.document.name,
      companyId: request.companyId,
      action: approve ? 'approved' : 'changes_requested',
      // The decision's record (issue 31): who and when are the entry's; the version, its bytes, the address, the comment.
      changes: [
        { field: 'approval', from: 'pending', to: status, toId: request.id },
        { field: 'version', from: null, to: request.version.number },
        { field: 'sha256', from: null, to: request.version.sha256 },
        { field: 'ipAddress', from: null, to: scope.ip },
        ...(input.comment ? [{ field: 'comment', from: null, to: input.comment }] : []),
      ],
    });
    return { request, changed: status };
  });
  if (outcome.changed)
    announceApproval(scope.app, {
      businessId: scope.businessId,
      companyId: outcome.request.companyId,
      requestId: outcome.request.id,
      documentId: outcome.request.documentId,
      status: outcome.changed,
    });
  return clientView(await clientRequest(scope, input.requestId), scope.contactId);
}
