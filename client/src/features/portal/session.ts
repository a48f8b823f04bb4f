import { useOutletContext } from 'react-router-dom';
import type { z } from 'zod';
import type { portalMeOutput } from '../../../../shared/schemas/portal-auth';
import { trpc } from '../../lib/trpc';
import { PAGE_DATA } from '../../../../shared/first-screen-constants';
import { takePageData } from '../../app/earlyReplies';

/** The signed-in portal user and their agency (portalAuth.me). */
export type PortalUser = z.infer<typeof portalMeOutput>;

export { portalPath, sameSlug } from './paths';

/** The portalAuth.me reply the server wrote into a signed-in portal page (server/app.ts), taken once. */
function takeFromPage(): PortalUser | undefined {
  const value = takePageData(PAGE_DATA.portalMe) as PortalUser | undefined;
  return value && typeof value.firstName === 'string' && value.business ? value : undefined;
}

/**
 * Who is signed in to the portal. The session lives in an HttpOnly cookie the server sets, so there is nothing to
 * store or read here; a 401 means signed out (no session, or access turned off). A page's first load starts with
 * the reply the server sent with it, one round trip sooner.
 */
export const usePortalMe = () =>
  trpc.portalAuth.me.useQuery(undefined, { retry: false, retryOnMount: false, initialData: takeFromPage });

/** The user of the portal page being shown (PortalLayout checks the session before any page renders). */
export const usePortalUser = () => useOutletContext<PortalUser>();
