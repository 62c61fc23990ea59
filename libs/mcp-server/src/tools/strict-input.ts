// Tool arguments the schema does not name are refused rather than dropped: an agent that sends
// `version_bump` or `parent_id` (REST words) must learn they did nothing. The JSON Schema then
// says `additionalProperties: false` up front. Called once per module: `cached` keys on the schema.
import type { z } from 'zod';
import { cached } from '../cached-schema.js';

export const strictInput = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => cached(schema.strict());
