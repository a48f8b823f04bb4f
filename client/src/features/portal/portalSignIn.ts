import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../../../server/routers/_app';
import type { PortalLoginInput, PortalMagicLinkRequest } from '../../../../shared/schemas/portal-auth';
import { apiFetch, errorText } from '../../lib/trpc';

// The portal's sign-in page paints before the app's data layer has loaded (it is outside the app shell, as the hub's
// sign-in is); it sends its calls with this client, whose chunk loads on the first keystroke (see PortalLoginPage).
const client = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', transformer: superjson, fetch: apiFetch })],
});

export { errorText };

export const portalSignIn = (values: PortalLoginInput) => client.portalAuth.login.mutate(values);

/** Who is signed in now: the portal's address to go to after signing in. */
export const portalSignedIn = () => client.portalAuth.me.query();

export const requestMagicLink = (values: PortalMagicLinkRequest) => client.portalAuth.requestMagicLink.mutate(values);
