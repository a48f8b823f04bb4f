/**
 * A flow's submissions, for staff (flows.submissions; the flow editor's Submissions tab): per contact their
 * company, status, current step, start / last save / submit times and answers with the fields' labels; file answers
 * with the staff download path of their Document. Four indexed statements whatever the number of submissions.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { documentDownloadPath } from '../../../shared/schemas/documents';
import type { z } from 'zod';
import type { flowSubmissionsInput, FlowSubmissionRow } from '../../../shared/schemas/portal-flows';
import { join, sql, TENANT, toDate, toInt, type Row, type SqlRunner } from '../../sql';
import type { TenantScope } from '../context';

/** The most a flow's submissions list shows at once (one per contact; newest activity first). */
const SUBMISSIONS_MAX = 200;

type AnswerDoc = { id: number; name: string; size: number; companyId: number | null };

/** The answer's document id, when the field is a file field and the value names one. */
const docIdOf = (fileFields: Set<number>, answer: Row) => {
  const id = Number(answer.value);
  return fileFields.has(toInt(answer.flowFieldId)) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/** The documents of file answers, one statement over the Document primary key. */
async function documentsOf(db: SqlRunner, fileFields: Set<number>, answers: Row[]): Promise<Map<number, AnswerDoc>> {
  const ids = [...new Set(answers.map((a) => docIdOf(fileFields, a)).filter((id): id is number => id !== null))];
  const found = new Map<number, AnswerDoc>();
  if (!ids.length) return found;
  const rows = await db.all(
    sql`SELECT "id", "name", "size", "companyId" FROM "Document" WHERE "businessId" = ${TENANT} AND "id" IN (${join(
      ids.map((id) => sql`${id}`),
      ', ',
    )})`,
  );
  for (const r of rows)
    found.set(toInt(r.id), {
      id: toInt(r.id),
      name: String(r.name),
      size: toInt(r.size ?? 0),
      companyId: r.companyId == null ? null : toInt(r.companyId),
    });
  return found;
}

/** Per field id, the file of one submission's answers; only documents of the submitter's company count (else: removed). */
function filesByField(fileFields: Set<number>, answers: Row[], docs: Map<number, AnswerDoc>, companyId: number | null) {
  const byField = new Map<number, { id: number; name: string; size: number }>();
  for (const a of answers) {
    const doc = docs.get(docIdOf(fileFields, a) ?? 0);
    if (doc && doc.companyId === companyId)
      byField.set(toInt(a.flowFieldId), { id: doc.id, name: doc.name, size: doc.size });
  }
  return byField;
}

/** The files of one submission's answers (the portal's read). */
export async function filesOf(
  db: SqlRunner,
  fields: { id: number; fieldType: string }[],
  answers: Row[],
  companyId: number | null,
) {
  const fileFields = new Set(fields.filter((f) => f.fieldType === 'file').map((f) => f.id));
  return filesByField(fileFields, answers, await documentsOf(db, fileFields, answers), companyId);
}

/** The flow's submissions, newest activity first, with their answers and files; another agency's flow is NOT_FOUND. */
export async function listFlowSubmissions(
  scope: Pick<TenantScope, 'sql'>,
  input: z.output<typeof flowSubmissionsInput>,
) {
  const flowId = input.flowId;
  const [flow, fields, subs, total] = await Promise.all([
    scope.sql.get(sql`SELECT t."id", (SELECT COUNT(*) FROM "FlowStep" fs WHERE fs."businessId" = t."businessId" AND fs."flowId" = t."id") AS "stepCount"
    FROM "Flow" t WHERE t."businessId" = ${TENANT} AND t."id" = ${flowId}`),
    scope.sql.all(sql`
    SELECT x."id", x."fieldLabel", x."fieldType", s."stepTitle" FROM "FlowStep" s
    JOIN "FlowField" x ON x."businessId" = s."businessId" AND x."flowStepId" = s."id"
    WHERE s."businessId" = ${TENANT} AND s."flowId" = ${flowId} ORDER BY s."stepOrder", s."id", x."order", x."id"`),
    scope.sql.all(sql`
    SELECT s."id", s."status", s."currentStep", s."createdAt", s."updatedAt", s."completedAt", s."companyId",
      c."id" AS "contactId", c."firstName", c."lastName", c."email", co."name" AS "companyName"
    FROM "FlowSubmission" s
    JOIN "Contact" c ON c."businessId" = s."businessId" AND c."id" = s."contactId"
    LEFT JOIN "Company" co ON co."businessId" = s."businessId" AND co."id" = s."companyId"
    WHERE s."businessId" = ${TENANT} AND s."flowId" = ${flowId}
    ORDER BY s."updatedAt" DESC, s."id" DESC LIMIT ${SUBMISSIONS_MAX}`),
    scope.sql.get(
      sql`SELECT COUNT(*) AS "n" FROM "FlowSubmission" WHERE "businessId" = ${TENANT} AND "flowId" = ${flowId}`,
    ),
  ]);
  if (!flow) throw new TRPCError({ code: 'NOT_FOUND', message: M.flows.notFound });
  const ids = subs.map((r) => toInt(r.id));
  const answerRows = ids.length
    ? await scope.sql.all(sql`SELECT "submissionId", "flowFieldId", "value" FROM "FlowAnswer"
      WHERE "businessId" = ${TENANT} AND "submissionId" IN (${join(
        ids.map((id) => sql`${id}`),
        ', ',
      )})`)
    : [];
  const fieldList = fields.map((r) => ({
    id: toInt(r.id),
    fieldLabel: String(r.fieldLabel),
    fieldType: String(r.fieldType),
    stepTitle: String(r.stepTitle),
  }));
  const bySubmission = new Map<number, Row[]>();
  for (const a of answerRows) {
    const list = bySubmission.get(toInt(a.submissionId)) ?? [];
    list.push(a);
    bySubmission.set(toInt(a.submissionId), list);
  }
  const fileFields = new Set(fieldList.filter((f) => f.fieldType === 'file').map((f) => f.id));
  const docs = await documentsOf(scope.sql, fileFields, answerRows);
  const stepCount = toInt(flow.stepCount);
  const items: FlowSubmissionRow[] = subs.map((r) => {
    const answers = bySubmission.get(toInt(r.id)) ?? [];
    const files = filesByField(fileFields, answers, docs, r.companyId == null ? null : toInt(r.companyId));
    const answerOf = new Map(answers.map((a) => [toInt(a.flowFieldId), String(a.value)]));
    return {
      id: toInt(r.id),
      contact: {
        id: toInt(r.contactId),
        name: `${String(r.firstName)} ${String(r.lastName)}`.trim(),
        email: String(r.email),
      },
      company:
        r.companyId == null || r.companyName == null ? null : { id: toInt(r.companyId), name: String(r.companyName) },
      status: String(r.status) as FlowSubmissionRow['status'],
      currentStep: Math.min(toInt(r.currentStep), Math.max(stepCount, 1)),
      stepCount,
      startedAt: toDate(r.createdAt),
      updatedAt: toDate(r.updatedAt),
      completedAt: r.completedAt == null ? null : toDate(r.completedAt),
      answers: fieldList
        .filter((f) => answerOf.has(f.id))
        .map((f) => {
          const file = files.get(f.id);
          return {
            fieldId: f.id,
            fieldLabel: f.fieldLabel,
            fieldType: f.fieldType as FlowSubmissionRow['answers'][number]['fieldType'],
            stepTitle: f.stepTitle,
            value: answerOf.get(f.id)!,
            file: file ? { ...file, url: documentDownloadPath(file.id) } : null,
          };
        }),
    };
  });
  return { items, total: toInt(total?.n ?? 0) };
}
