import { zodResolver } from '../../lib/zodResolver';
import { loginInput } from '../../../../shared/schemas/auth';

/** The sign-in form's validation: the shared login schema, in its own chunk (see SignInPage). */
export const loginResolver = zodResolver(loginInput);
