// GET /ontologies/{id}/diagram.svg|png (REST extension): which diagram of an ORM model, at which commit.
import { z } from 'zod';
import { uuid } from './ids.js';

/** The most diagrams a model may be asked for by number (the render job's own limit). */
export const MAX_DIAGRAM_NUMBER = 10_000;

// A diagram is named, or numbered from 0.
export const DiagramQuery = z.object({
  commit_id: uuid.optional().describe('Draw the model as it was at this commit (default: the head)'),
  diagram: z
    .string()
    .min(1)
    .max(200)
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= MAX_DIAGRAM_NUMBER, {
      message: `must be a diagram name or a number from 0 to ${MAX_DIAGRAM_NUMBER}`,
    })
    .optional()
    .describe('A diagram of the model by name, or by number from 0 (default: the first)'),
});
