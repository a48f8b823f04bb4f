import { zodResolver } from '../../lib/zodResolver';
import { portalLoginInput, portalMagicLinkRequestInput } from '../../../../shared/schemas/portal-auth';

/** The portal sign-in form's validation: the shared schema, in its own chunk (loaded on the first keystroke). */
export const portalLoginResolver = zodResolver(portalLoginInput);
/** The sign-in link form's (an agency that signs its clients in with links only). */
export const portalMagicLinkResolver = zodResolver(portalMagicLinkRequestInput);
