import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { z } from 'zod';
import type { AppRouter } from '../../../../server/routers/_app';
import type { loginInput } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../lib/trpc';

// The sign-in screen paints before the app's data layer has loaded; it sends its one call with this client, whose
// chunk loads on the first keystroke (see SignInPage).
const client = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', transformer: superjson, fetch: apiFetch })],
});

export const signIn = (values: z.input<typeof loginInput>) => client.auth.login.mutate(values);

/** The code step of a sign-in with two-factor on: the password step's challenge and an app or recovery code. */
export const verifyTwoFactor = (input: { challenge: string; code?: string; recoveryCode?: string }) =>
  client.auth.verifyTwoFactor.mutate(input);
