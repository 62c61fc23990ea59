// Content negotiation for answers offered in several media types: the best match of the
// request's Accept header (the first offer when there is none), or 406 listing the offers.
import type { Request } from 'express';
import { AppError } from '@oms/domain';

export function negotiate(req: Request, offers: readonly string[]): string {
  if (!req.headers.accept) return offers[0] ?? 'application/json';
  const chosen = req.accepts([...offers]);
  if (typeof chosen === 'string') return chosen;
  throw new AppError('not_acceptable', {
    message: `This resource is available as ${offers.join(', ')}; none of them is in the Accept header.`,
    details: { available: [...offers] },
  });
}
