import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';

/** A company as every procedure answers it (shared/schemas/companies.ts: companyOutput). */
export const companySelect = {
  id: true,
  name: true,
  industry: true,
  website: true,
  address: true,
  phone: true,
  status: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
};
