// The worker-thread side of the heavy-work pool: one task is one check, diff or conversion.
import { runHeavyTask, type HeavyTask } from './heavy-tasks.js';

export default function runInWorker(task: HeavyTask): ReturnType<typeof runHeavyTask> {
  return runHeavyTask(task);
}
