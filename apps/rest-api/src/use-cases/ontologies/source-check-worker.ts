// The worker-thread side of the source checker: one task is one source to parse and measure.
import type { SourceFormat } from '@oms/formats';
import { checkAndMeasure, type SourceVerdict } from '@oms/ontology-tools';

export type SourceCheckTask = { format: SourceFormat; text: string };

export default function checkInWorker(task: SourceCheckTask): Promise<SourceVerdict> {
  return checkAndMeasure(task.format, task.text);
}
