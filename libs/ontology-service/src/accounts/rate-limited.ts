// The one answer of every limiter: 429 rate_limited with the seconds to wait (the error
// handler also sends them as Retry-After).
import { AppError } from '@oms/domain';

export function rateLimited(waitSeconds: number, what: string): AppError {
  return new AppError('rate_limited', { message: `Too many ${what}; retry in ${waitSeconds} s.`, details: { retry_after: waitSeconds } });
}
