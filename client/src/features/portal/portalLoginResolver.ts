import { zodResolver } from '../../lib/zodResolver';
import { portalLoginInput } from '../../../../shared/schemas/portal-auth';

/** The portal sign-in form's validation: the shared schema, in its own chunk (loaded on the first keystroke). */
export const portalLoginResolver = zodResolver(portalLoginInput);
