import { z } from 'zod';
import { idSchema } from './common';

/** portalPreview.start: the contact whose portal staff want to see (of their agency, with portal access and a company). */
/** companyId: which of the contact's companies to preview (their own when left out; another one answers 404). */
export const portalPreviewStartInput = z.object({ contactId: idSchema, companyId: idSchema.optional() });

/** Where the preview opens (the portal's dashboard, under this origin), and when it ends. */
export const portalPreviewStartOutput = z.object({ url: z.string(), expiresAt: z.date() });
