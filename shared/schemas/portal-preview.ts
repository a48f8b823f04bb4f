import { z } from 'zod';
import { idSchema } from './common';

/** portalPreview.start: the contact whose portal staff want to see (of their agency, with portal access and a company). */
export const portalPreviewStartInput = z.object({ contactId: idSchema });

/** Where the preview opens (the portal's dashboard, under this origin), and when it ends. */
export const portalPreviewStartOutput = z.object({ url: z.string(), expiresAt: z.date() });
