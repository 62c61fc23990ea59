// The worker-thread side of the heavy-work pool: one task is one check, diff, conversion or
// description.
import { setPriority } from 'node:os';
import { runHeavyTask, type HeavyTask } from './heavy-tasks.js';

// The event loop answers everybody's cheap requests: when it has work, it goes first. On Linux
// a nice value is per thread, so this lowers this worker alone (elsewhere it would lower the
// whole process, main thread included: left alone there).
const WORKER_NICE = 19;
if (process.platform === 'linux') {
  try {
    setPriority(WORKER_NICE);
  } catch {
    // Not allowed here (a sandbox): the worker runs at the process's priority.
  }
}

export default function runInWorker(task: HeavyTask): ReturnType<typeof runHeavyTask> {
  return runHeavyTask(task);
}
