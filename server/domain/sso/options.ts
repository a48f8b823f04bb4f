/** What the sign-in pages show: the single sign-on button (with the provider's name) and whether passwords are off. */
import { M } from '../../../shared/messages';
import type { AppScope } from '../../app-scope';
import { providerName } from './oidc';

const option = (connection: { issuer: string; required?: boolean } | null) => ({
  enabled: connection !== null,
  providerName: connection ? providerName(connection.issuer) || M.sso.providerFallback : M.sso.providerFallback,
  passwordOff: connection?.required ?? false,
});

/**
 * The hub's sign-in page serves every agency of the installation: the button shows when one of them has an enabled
 * staff connection (the e-mail typed then picks the agency). The provider's name only when there is one connection.
 */
export async function staffSsoOption(app: Pick<AppScope, 'database'>) {
  const connections = await app.database.db.ssoConnection.findMany({
    where: { audience: 'staff', enabled: true },
    select: { issuer: true },
    take: 2,
  });
  return option(connections.length === 1 ? connections[0] : connections.length ? { issuer: '' } : null);
}

export async function clientSsoOption(app: Pick<AppScope, 'database'>, slug: string) {
  const connection = await app.database.db.ssoConnection.findFirst({
    where: { audience: 'client', enabled: true, business: { is: { slug: slug.toLowerCase() } } },
    select: { issuer: true },
  });
  return option(connection);
}
