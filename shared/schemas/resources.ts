import { z } from 'zod';
import { idSchema } from './common';

export const resourcesForCompanyInput = z.object({ companyId: idSchema });
export const resourceVisibilityInput = z.object({ id: idSchema, visibleToClient: z.boolean() });
