import { TRPCError } from '@trpc/server';

type PrismaLikeError = {
  code?: string;
  meta?: {
    target?: unknown;
    modelName?: string;
    driverAdapterError?: { cause?: { constraint?: { fields?: string[]; index?: string } } };
  };
};

/**
 * What a unique-index violation (Prisma P2002) names: its columns, or its index name
 * (PostgreSQL's adapter reports e.g. "Business_slug_key" without columns); null for any other error.
 */
export function isUniqueViolation(error: unknown): string[] | null {
  const e = error as PrismaLikeError;
  if (e?.code !== 'P2002') return null;
  const constraint = e.meta?.driverAdapterError?.cause?.constraint;
  const target = e.meta?.target ?? constraint?.fields ?? (constraint?.index ? [constraint.index] : []);
  return Array.isArray(target) ? target.map(String) : [String(target)];
}

/** Prisma's "record to update/delete not found" (P2025) as the API's NOT_FOUND. */
export function notFoundOn(message: string) {
  return (error: unknown): never => {
    if ((error as PrismaLikeError)?.code === 'P2025') throw new TRPCError({ code: 'NOT_FOUND', message });
    throw error;
  };
}

/** A 400 on one field, carrying its issue like the input schema's own errors (see issuesOf in server/trpc.ts). */
export function fieldError(field: string, message: string): never {
  const cause = Object.assign(new Error(message), { issues: [{ path: [field], message }] });
  throw new TRPCError({ code: 'BAD_REQUEST', message, cause });
}
