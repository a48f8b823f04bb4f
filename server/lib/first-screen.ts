// The portal dashboard rendered as HTML for its page (client/src/app/firstScreen.tsx, which `npm run build` bundles for
// Node into dist/first-screen/first-screen.mjs): a client on a phone reads their dashboard in the page's first bytes.
// Its replies are the page's own (server/lib/page-replies.ts), so it shows exactly what the app then renders.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SuperJSONResult } from 'superjson';
import type { z } from 'zod';
import type { portalMeOutput } from '../../shared/schemas/portal-auth';
import { log } from '../log';

type PortalMeReply = z.infer<typeof portalMeOutput>;
type RenderPortalDashboard = (args: { path: string; me: PortalMeReply; replies: SuperJSONResult }) => string | null;

/**
 * The renderer of the build next to `clientDir`, loaded on its first use (a server that never sends a portal dashboard
 * never holds React's server renderer); null without one (a server started from sources, an older build).
 */
export function firstScreenRenderer(clientDir: string) {
  const file = path.join(clientDir, '..', 'first-screen', 'first-screen.mjs');
  let loading: Promise<RenderPortalDashboard | null> | undefined;
  const load = () =>
    (loading ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderPortalDashboard: RenderPortalDashboard }) => module.renderPortalDashboard,
          (error: unknown) => {
            log.error({ err: error, file }, 'first screen renderer failed to load');
            return null;
          },
        )
      : Promise.resolve(null));
  /** The dashboard's markup, or null: the page then has the frame's placeholders, as before. */
  return async (args: Parameters<RenderPortalDashboard>[0]): Promise<string | null> => {
    const render = await load();
    if (!render) return null;
    try {
      return render(args);
    } catch (error) {
      log.error({ err: error, path: args.path }, 'first screen render failed');
      return null;
    }
  };
}
