/**
 * Every Express route of the app's own outside tRPC and the REST table (file bytes, zip and CSV downloads): one
 * table, mounted by app.ts, read by the access and role matrices (tests/integration/access-matrix.test.ts,
 * role-matrix.test.ts). Each says its method, path, who may call it (./route.ts) and, for staff, its permission or
 * why every staff member may.
 */
import { activityCsv } from '../activity-csv';
import { approvalCertificate } from '../domain/approvals/certificate';
import { importUpload } from '../data/import-routes';
import { exportDownload, exportZipDownload } from '../data/routes';
import { logoFile, uploadLogo } from '../files/logo';
import { uploadFlowFile } from '../files/portal-flow-upload';
import { downloadDocument, downloadDocumentVersion, uploadDocument, uploadDocumentVersion } from '../files/routes';
import { uploadMessageAttachment } from '../files/portal-message-upload';
import { documentThumbnail } from '../files/previews/route';
import type { createContextFactory } from '../trpc';
import { indexedRoutes } from '../rest/route-index';
import { replyError } from './reply';
import { portalRoute, publicRoute, staffOrPortalRoute, staffRoute, type HttpRoute } from './route';

export const HTTP_ROUTES: readonly HttpRoute[] = [
  staffRoute(
    'POST',
    '/api/documents/upload',
    { anyStaff: 'as documents.create: every staff member adds files' },
    uploadDocument,
  ),
  staffOrPortalRoute(
    'GET',
    '/api/documents/:id/download',
    {
      anyStaff: 'as documents.get: every staff member reads the agency’s files (a portal client, the ones shown them)',
    },
    downloadDocument,
  ),
  // Before the upload of a version: the matrices' sample download asks for version 1 while it is still the current one.
  staffOrPortalRoute(
    'GET',
    '/api/documents/:id/versions/:number/download',
    {
      anyStaff:
        'as documents.versions: every staff member reads every version (a portal client, the current and the shared ones)',
    },
    downloadDocumentVersion,
  ),
  staffRoute(
    'POST',
    '/api/documents/:id/versions',
    { anyStaff: 'as documents.update: every staff member edits the agency’s files, and a new version is an edit' },
    uploadDocumentVersion,
  ),
  staffOrPortalRoute(
    'GET',
    '/api/documents/:id/thumb/:file',
    {
      anyStaff:
        'as the download: every staff member sees the agency’s thumbnails (a portal client, the ones shown them)',
    },
    documentThumbnail,
  ),
  staffRoute('POST', '/api/business/logo', { permission: 'branding.manage' }, uploadLogo),
  publicRoute(
    'GET',
    '/api/business/logo/:businessId/:file',
    { reason: 'the portal’s sign-in page shows the logo before anyone signs in' },
    logoFile,
  ),
  portalRoute('POST', '/api/portal/flows/upload', {}, uploadFlowFile),
  portalRoute('POST', '/api/portal/messages/upload', {}, uploadMessageAttachment),
  // One path, two permissions: with companyId one company's export, without it the whole agency's.
  staffRoute('GET', '/api/export.zip', { when: 'companyId', permission: 'data.exportCompany' }, exportZipDownload),
  staffRoute('GET', '/api/export.zip', { permission: 'data.export' }, exportZipDownload),
  staffRoute(
    'GET',
    '/api/exports/:id/download',
    { anyStaff: 'decided per export: its requester while they hold its permission, or an owner; others get 404' },
    exportDownload,
  ),
  // An archive (kind 'archive') also needs 'data.importArchive', known once the form is read.
  staffRoute('POST', '/api/imports', { permission: 'data.import' }, importUpload),
  staffRoute('GET', '/api/activity.csv', { permission: 'activity.viewAll' }, activityCsv),
  staffRoute(
    'GET',
    '/api/approvals/:id/certificate.pdf',
    { anyStaff: 'as approvals.get: every staff member reads the agency’s approval requests' },
    approvalCertificate,
  ),
];

/** A registry entry's name in tests and logs: its method and path, and the query parameter it needs, if any. */
export const routeName = (route: HttpRoute) => `${route.method} ${route.path}${route.when ? `?${route.when}` : ''}`;

/** The table's routes on one router; file bytes stream outside the JSON parsers, so app.ts mounts it before them. */
export function httpRouter(createContext: ReturnType<typeof createContextFactory>) {
  // Indexed by path (server/rest/route-index.ts): a request for another path skips the table at once.
  return indexedRoutes(
    HTTP_ROUTES.map((route) => ({
      method: route.method === 'GET' ? 'get' : 'post',
      path: route.path,
      handler: async (req, res, next) => {
        if (route.when && req.query[route.when] === undefined) return next();
        try {
          await route.run(createContext({ req, res }));
        } catch (error) {
          replyError(res, error, routeName(route));
        }
      },
    })),
    { options: 'router' },
  );
}
