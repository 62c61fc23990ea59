// How failures of the internal API leave it: every one as the AppError it stands for, with its
// HTTP status, code and field errors in the error's data, so the gateway raises the same
// AppError the use case did, and the embedded /mcp gets that very AppError back.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, ERROR_TABLE, isAppError } from '@oms/domain';
import { toFieldErrors } from '@oms/contracts';
import { dependencyFailure } from '../errors/dependency-failure.js';

/** The AppError a failure stands for: zod input errors are 422, anything unknown is internal. */
export function asAppError(error: unknown): AppError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (isAppError(cause)) return cause;
  if (cause instanceof ZodError) return AppError.validation(toFieldErrors(cause));
  return dependencyFailure(cause) ?? new AppError('internal', { cause });
}

/** A use case's failure as the tRPC error of its code (ERROR_TABLE), the AppError as its cause. */
export function asTrpcError(error: unknown): TRPCError {
  const appError = asAppError(error);
  return new TRPCError({ code: ERROR_TABLE[appError.code].trpc, message: appError.message, cause: appError });
}

/** What the error formatter puts in an answer: the AppError's message, and its status, code and field errors. */
export function failureOf(error: unknown) {
  const appError = asAppError(error);
  return {
    message: appError.message,
    data: { httpStatus: appError.httpStatus, appCode: appError.code, fieldErrors: appError.fieldErrors ?? null },
  };
}
