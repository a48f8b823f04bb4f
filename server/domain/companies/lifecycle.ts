/**
 * Archiving and deleting a client company (issue 29).
 * - Archive hides the company (archivedAt set): the companies list, pickers, search, the dashboard and reports count
 *   only live companies, and its contacts can no longer use the portal (server/auth/sessions.ts ends their sessions,
 *   server/domain/portal-auth refuses sign-in and links). Its records stay reachable by id. Unarchive undoes it.
 * - Delete removes the company and everything that belongs to it in one transaction, children first (the composite
 *   tenant keys are NO ACTION: a parent with children is refused), then its stored files once that has committed.
 */
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { companyIdInput } from '../../../shared/schemas/companies';
import { recordActivity, staffActor } from '../../activity';
import { notFoundOn } from '../../errors';
import { log } from '../../log';
import { sql, TENANT, toInt, type Row } from '../../sql';
import type { StaffScope, TenantScope } from '../context';
import { companySelect, notFound } from './select';
import { clearColleagueLinks } from '../client-team/rules';

type Writer = Pick<StaffScope, 'db' | 'businessId' | 'user'>;
type CompanyId = z.infer<typeof companyIdInput>;

/** Sets or clears archivedAt; archiving an archived company (or restoring a live one) changes and logs nothing. */
async function setArchived(scope: Writer, { id }: CompanyId, archived: boolean) {
  return scope.db
    .$transaction(async (tx) => {
      const before = (await tx.company.findUnique({ where: { id }, select: companySelect })) ?? notFound();
      if ((before.archivedAt !== null) === archived) return before;
      const company = await tx.company.update({
        where: { id },
        data: { archivedAt: archived ? new Date() : null },
        select: companySelect,
      });
      // Its contacts are signed out of the portal at once (the session check refuses them from now on anyway); a
      // contact with another live company keeps the session, which moves off this company at its next request.
      if (archived)
        await tx.portalSession.deleteMany({
          where: {
            contact: {
              is: { companyId: id, otherCompanies: { none: { company: { is: { archivedAt: null } } } } },
            },
          },
        });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'company',
        entityId: id,
        entityName: company.name,
        companyId: id,
        action: archived ? 'archived' : 'unarchived',
      });
      return company;
    })
    .catch(notFoundOn(M.companies.notFound));
}

export const archiveCompany = (scope: Writer, input: CompanyId) => setArchived(scope, input, true);
export const unarchiveCompany = (scope: Writer, input: CompanyId) => setArchived(scope, input, false);

/**
 * What deleting the company takes with it, in one statement (each count over a (businessId, companyId) or
 * (businessId, projectId) index). Files: the company's and its projects'; submissions: its contacts' answers to any
 * flow (agency-wide flows included) and those filed under the company.
 */
export async function companyDeleteSummary(scope: Pick<TenantScope, 'sql'>, { id }: CompanyId) {
  const projects = sql`SELECT p."id" FROM "Project" p WHERE p."businessId" = ${TENANT} AND p."companyId" = ${id}`;
  const contacts = sql`SELECT k."id" FROM "Contact" k WHERE k."businessId" = ${TENANT} AND k."companyId" = ${id}`;
  const row = await scope.sql.get<Row>(sql`
    SELECT c."id", c."name",
      (SELECT COUNT(*) FROM "Contact" x WHERE x."businessId" = ${TENANT} AND x."companyId" = c."id") AS "contacts",
      (SELECT COUNT(*) FROM "Contact" x WHERE x."businessId" = ${TENANT} AND x."companyId" = c."id" AND x."portalAccess" = ${true}) AS "portalUsers",
      (SELECT COUNT(*) FROM "Project" x WHERE x."businessId" = ${TENANT} AND x."companyId" = c."id") AS "projects",
      (SELECT COUNT(*) FROM "Task" x WHERE x."businessId" = ${TENANT} AND x."projectId" IN (${projects})) AS "tasks",
      (SELECT COUNT(*) FROM "Document" x WHERE x."businessId" = ${TENANT}
        AND (x."companyId" = c."id" OR x."projectId" IN (${projects}))) AS "files",
      (SELECT COUNT(*) FROM "Flow" x WHERE x."businessId" = ${TENANT} AND x."companyId" = c."id") AS "flows",
      (SELECT COUNT(*) FROM "Resource" x WHERE x."businessId" = ${TENANT} AND x."companyId" = c."id") AS "resources",
      (SELECT COUNT(*) FROM "FlowSubmission" x WHERE x."businessId" = ${TENANT}
        AND (x."companyId" = c."id" OR x."contactId" IN (${contacts}))) AS "submissions"
    FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = ${id}`);
  if (!row) return notFound();
  return {
    id: toInt(row.id),
    name: String(row.name),
    contacts: toInt(row.contacts),
    portalUsers: toInt(row.portalUsers),
    projects: toInt(row.projects),
    tasks: toInt(row.tasks),
    files: toInt(row.files),
    flows: toInt(row.flows),
    resources: toInt(row.resources),
    submissions: toInt(row.submissions),
  };
}

/**
 * Deletes the company and what companyDeleteSummary lists, in one transaction, children before parents; links from
 * other companies' records to what goes (a resource or file of another company naming one of its projects, a file
 * answering one of the submissions) are cleared. The stored bytes of its files are removed once that has committed:
 * a failed transaction leaves every file, and a file that cannot be removed is logged, never an error for the user.
 * The activity entry names the company (its link shows only while a record exists, so it never dangles).
 */
export async function deleteCompany(scope: Writer & Pick<StaffScope, 'app'>, { id }: CompanyId) {
  const storageKeys = await scope.db
    .$transaction(async (tx) => {
      const company = (await tx.company.findUnique({ where: { id }, select: { id: true, name: true } })) ?? notFound();
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
      const projectIds = ids(await tx.project.findMany({ where: { companyId: id }, select: { id: true } }));
      const contactIds = ids(await tx.contact.findMany({ where: { companyId: id }, select: { id: true } }));
      const flowIds = ids(await tx.flow.findMany({ where: { companyId: id }, select: { id: true } }));
      const submissionIds = ids(
        await tx.flowSubmission.findMany({
          where: { OR: [{ companyId: id }, { contactId: { in: contactIds } }, { flowId: { in: flowIds } }] },
          select: { id: true },
        }),
      );
      const files = { OR: [{ companyId: id }, { projectId: { in: projectIds } }] };
      const going = await tx.document.findMany({
        where: { ...files, storageKey: { not: null } },
        select: { storageKey: true },
      });
      // Every version's bytes go too (read before the cascade removes the version rows).
      const versions = await tx.documentVersion.findMany({
        where: { storageKey: { not: null }, document: files },
        select: { storageKey: true },
      });
      await tx.document.deleteMany({ where: files });
      // Files of other companies that answered a submission going now stay, as plain files.
      await tx.document.updateMany({
        where: { flowSubmissionId: { in: submissionIds } },
        data: { flowSubmissionId: null, flowFieldId: null },
      });
      await tx.flowSubmission.deleteMany({ where: { id: { in: submissionIds } } });
      await tx.flow.deleteMany({ where: { id: { in: flowIds } } });
      await tx.resource.deleteMany({ where: { companyId: id } });
      await tx.resource.updateMany({ where: { projectId: { in: projectIds } }, data: { projectId: null } });
      // Its conversations go with their messages; its contacts' messages elsewhere stay under their names.
      await tx.messageThread.deleteMany({ where: { companyId: id } });
      await tx.message.updateMany({ where: { authorContactId: { in: contactIds } }, data: { authorContactId: null } });
      await tx.approvalStep.updateMany({ where: { contactId: { in: contactIds } }, data: { contactId: null } });
      await tx.reviewComment.updateMany({
        where: { authorContactId: { in: contactIds } },
        data: { authorContactId: null },
      });
      // Tasks and project contacts go with their project, sessions, invites and project links with their contact.
      await tx.project.deleteMany({ where: { id: { in: projectIds } } });
      // Its invitation requests go with it (cascade); its contacts' links from other companies' requests are cleared.
      await clearColleagueLinks(tx, { contactIds });
      await tx.contact.deleteMany({ where: { id: { in: contactIds } } });
      await tx.company.delete({ where: { id } });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'company',
        entityId: id,
        entityName: company.name,
        companyId: null,
        action: 'deleted',
      });
      return [
        ...new Set([...going, ...versions].map((d) => d.storageKey).filter((key): key is string => key !== null)),
      ];
    })
    .catch(notFoundOn(M.companies.notFound));
  for (const key of storageKeys) {
    await scope.app.storage
      .remove(key)
      .catch((error: unknown) =>
        log.error({ err: error, key }, 'companies: a deleted file could not be removed from storage'),
      );
  }
  return { ok: true as const };
}
