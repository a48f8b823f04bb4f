import { z } from 'zod';
import { RESOURCE_STATUSES, RESOURCE_TYPES } from '../constants';
import { idSchema } from './common';
import { storedEnum } from './output';

export const resourcesForCompanyInput = z.object({ companyId: idSchema });
export const resourceVisibilityInput = z.object({ id: idSchema, visibleToClient: z.boolean() });

/** A company's resource as the Resources Access tab lists it. */
export const companyResourceOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: storedEnum(RESOURCE_TYPES),
  status: storedEnum(RESOURCE_STATUSES),
  visibleToClient: z.boolean(),
});
export const companyResourcesOutput = z.array(companyResourceOutput);
export const resourceVisibilityOutput = z.object({ id: z.number().int(), visibleToClient: z.boolean() });
