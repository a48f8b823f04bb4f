import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers/_app';

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

type ErrorLike = { message?: string; data?: { code?: string; httpStatus?: number; issues?: { path: string; message: string }[] } | null };

/** Field issues of a validation error (path → message), for react-hook-form's setError. */
export function fieldIssues(error: unknown): { path: string; message: string }[] {
  return (error as ErrorLike)?.data?.issues ?? [];
}

export function errorCode(error: unknown): string | undefined {
  return (error as ErrorLike)?.data?.code;
}

export function errorStatus(error: unknown): number | undefined {
  return (error as ErrorLike)?.data?.httpStatus;
}
