import { z } from 'zod';

export const ErrorResponse = z
  .object({ error: z.string(), message: z.string().optional() })
  .meta({ id: 'Error', description: 'An error code, and for some codes a sentence saying what to do.' });

export const ValidationErrorResponse = z
  .object({ errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationErrors', description: 'Messages per field; `base` for the body as a whole.' });

export const NotAcceptableResponse = ErrorResponse.extend({ available: z.array(z.string()) }).meta({
  id: 'NotAcceptable',
  description: '406: the media types this resource can be given in (for ?format, see the route).',
});
