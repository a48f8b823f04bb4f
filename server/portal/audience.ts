/**
 * Who sharing a record with a client company reaches: the one question every share control asks ("Share with N
 * contacts of {company}?") for projects, files and resources. A domain function the routers only wire.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { fieldError } from '../errors';
import { sql, TENANT, toInt, type SqlRunner } from '../sql';
import type { ScopedDb } from '../tenancy';
import { isClientVisible } from './visibility';

const companyNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.companyNotFound });
};
const projectNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.projectNotFound });
};

/**
 * Who sharing a file or a resource with a company reaches (the share dialogs ask before they share): the company's
 * contacts with portal access, counted over the (businessId, companyId) index; and whether the client sees the
 * project it belongs to, by the portal's own rule. With a project and no company, the project's company is taken.
 * Another agency's company or project, or a project that is not the company's, is NOT_FOUND.
 */
export async function shareAudience(
  ctx: { db: ScopedDb; sql: SqlRunner },
  input: { companyId?: number | null; projectId?: number | null },
) {
  const projectId = input.projectId ?? null;
  const project =
    projectId === null
      ? null
      : await ctx.db.project.findUnique({
          where: { id: projectId },
          select: { id: true, name: true, companyId: true, visibleToClient: true, status: true },
        });
  if (projectId !== null && !project) return projectNotFound();
  // Without a company, the project's (as a file's placement takes it).
  const companyId = input.companyId ?? project?.companyId ?? null;
  if (companyId === null) return fieldError('companyId', M.documents.companyRequired);
  if (project && project.companyId !== companyId) return projectNotFound();
  const [company, count] = await Promise.all([
    ctx.db.company.findUnique({ where: { id: companyId }, select: { id: true, name: true, archivedAt: true } }),
    ctx.sql.get(
      sql`SELECT COUNT(*) AS "n" FROM "Contact" WHERE "businessId" = ${TENANT} AND "companyId" = ${companyId} AND "portalAccess" = ${true}`,
    ),
  ]);
  if (!company) return companyNotFound();
  return {
    company: { id: company.id, name: company.name },
    // An archived company's portal users are signed out and mailed nothing: sharing reaches none of them.
    portalContacts: company.archivedAt ? 0 : toInt(count?.n ?? 0),
    project: project
      ? { id: project.id, name: project.name, shown: isClientVisible.project(project, companyId) }
      : null,
  };
}
