// The worker-thread side of the heavy-work pools: one task is one check, diff, conversion or
// description.
import { setPriority } from 'node:os';
import { workerData } from 'piscina';
import { runHeavyTask, type HeavyTask } from './heavy-tasks.js';

// How much this thread yields to the rest (heavy-work.ts: most heavy work runs at nice 19, so
// that the event loop goes first). On Linux a nice value is per
// thread, so this lowers this worker alone (elsewhere it would lower the whole process, main
// thread included: left alone there).
const nice = (workerData as { nice?: unknown } | undefined)?.nice;
if (process.platform === 'linux' && typeof nice === 'number' && nice > 0) {
  try {
    setPriority(nice);
  } catch {
    // Not allowed here (a sandbox): the worker runs at the process's priority.
  }
}

export default function runInWorker(task: HeavyTask): ReturnType<typeof runHeavyTask> {
  return runHeavyTask(task);
}
