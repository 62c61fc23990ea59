// Everything the runner starts registers how to stop it here; the list runs last-in first-out
// at the end, on failure and on Ctrl-C / SIGTERM. Concurrent callers share one cleanup run.
const tasks = [];
let running;
let interrupted = false;

/** Registers a stop function; returns a function that unregisters it (after a manual stop). */
export function onCleanup(label, stop) {
  const task = { label, stop };
  tasks.push(task);
  return () => {
    const index = tasks.indexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
}

async function drain() {
  while (tasks.length > 0) {
    const task = tasks.pop();
    try {
      await task.stop();
    } catch (error) {
      console.error(`bench: cleanup of ${task.label} failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

export function runCleanups() {
  running ??= drain().finally(() => {
    running = undefined;
  });
  return running;
}

/** True once Ctrl-C or SIGTERM arrived: the runner stops starting new work. */
export const wasInterrupted = () => interrupted;

/** Ctrl-C or SIGTERM: stop everything started, then exit 130. A second signal exits at once. */
export function stopEverythingOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      console.error(`\nbench: ${signal}, stopping what was started...`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}
