/**
 * What a domain function is given: the tenant-scoped clients and who acts. tRPC procedures pass their `ctx` as is
 * (it has these keys); the Express routes (server/http/) and the REST adapter build the same from the same checks.
 *
 * The unwritten rules, written:
 * - reads are hand-written SQL through `sql` (one statement, counts per page, no N+1); writes go through Prisma (`db`);
 * - on SQLite, `sql` and a Prisma transaction use different connections: never run `sql` inside `db.$transaction`
 *   (it would read around the transaction's writes, or wait on its lock).
 * - rules, the transaction, the activity entry and the notification live in the domain function; transports only wire.
 */
import type { AppScope } from '../app-scope';
import type { PortalSessionInfo, StaffSession } from '../auth/sessions';
import type { ScopedDb } from '../tenancy';
import type { SqlRunner } from '../sql';

/** The tenant's clients: every query of a tenant-owned model is limited to `businessId`. */
export type TenantScope = { businessId: number; db: ScopedDb; sql: SqlRunner };

/** A staff member acting in their agency. `app` holds the mailer, storage and configuration. */
export type StaffScope = TenantScope & { user: StaffSession['user']; session: StaffSession; app: AppScope };

/** A client contact acting in the portal: their company and contact come from the session, never from input. */
export type PortalScope = TenantScope & {
  companyId: number;
  contactId: number;
  portalSession: PortalSessionInfo;
  app: AppScope;
};
