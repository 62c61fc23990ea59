// The one error vocabulary of the service. Every expected failure is an AppError with a
// code; transports (REST, tRPC, MCP) map the code through ERROR_TABLE and nothing else.

export type FieldErrors = Record<string, string[]>;

export const ERROR_TABLE = {
  invalid_json: { http: 400, trpc: 'PARSE_ERROR', message: 'The request body is not valid JSON.' },
  bad_request: { http: 400, trpc: 'BAD_REQUEST', message: 'The request is malformed.' },
  unauthorized: { http: 401, trpc: 'UNAUTHORIZED', message: 'Missing or invalid credentials.' },
  forbidden: { http: 403, trpc: 'FORBIDDEN', message: 'You are not allowed to do this.' },
  registration_closed: { http: 403, trpc: 'FORBIDDEN', message: 'Sign-up is closed on this service.' },
  not_found: { http: 404, trpc: 'NOT_FOUND', message: 'The resource does not exist or is not visible to you.' },
  method_not_allowed: { http: 405, trpc: 'METHOD_NOT_SUPPORTED', message: 'This method is not allowed here.' },
  not_acceptable: {
    http: 406,
    trpc: 'BAD_REQUEST',
    message: 'The resource cannot be given in any of the media types the request accepts.',
  },
  request_timeout: {
    http: 408,
    trpc: 'TIMEOUT',
    message: 'The request body arrived too slowly; send it again in one go.',
  },
  conflict: { http: 409, trpc: 'CONFLICT', message: 'The request conflicts with the current state.' },
  precondition_failed: { http: 412, trpc: 'PRECONDITION_FAILED', message: 'The resource changed since you read it.' },
  payload_too_large: { http: 413, trpc: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  range_not_satisfiable: { http: 416, trpc: 'BAD_REQUEST', message: 'The requested range is not within the source.' },
  unsupported_media_type: {
    http: 415,
    trpc: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON with Content-Type: application/json.',
  },
  validation_failed: { http: 422, trpc: 'UNPROCESSABLE_CONTENT', message: 'Validation failed.' },
  rate_limited: { http: 429, trpc: 'TOO_MANY_REQUESTS', message: 'Too many requests; slow down and retry later.' },
  internal: { http: 500, trpc: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side.' },
  unavailable: { http: 503, trpc: 'INTERNAL_SERVER_ERROR', message: 'The service is temporarily unavailable.' },
} as const;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** What every 503 ('unavailable') tells the client in Retry-After, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  /** Extra fields of the error body beside `error` and `message` (e.g. `available` on 406). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; fieldErrors?: FieldErrors; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(options.message ?? ERROR_TABLE[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.details = options.details;
  }

  get httpStatus(): number {
    return ERROR_TABLE[this.code].http;
  }

  /** A 422 with messages per field, e.g. `AppError.validation({ title: ["can't be blank"] })`. */
  static validation(fieldErrors: FieldErrors): AppError {
    return new AppError('validation_failed', { fieldErrors });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
