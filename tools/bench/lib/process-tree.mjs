// Linux /proc: the processes below a pid, each with its start time, so a last-resort kill
// only reaches processes this run started (a pid reused meanwhile has another start time).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: fields[0], ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** Every process below `root` (children, grandchildren, ...), with start times. */
export function descendantsOf(root) {
  if (!existsSync('/proc')) return [];
  const table = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(statOf)
    .filter(Boolean);
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const info of table) {
      if (info.ppid === parent) {
        found.push(info);
        queue.push(info.pid);
      }
    }
  }
  return found;
}

/** Still the same running process (same pid and start time, not a zombie). */
export function stillRunning(info) {
  const now = statOf(info.pid);
  return Boolean(now && now.start === info.start && now.state !== 'Z' && now.state !== 'X');
}

/** SIGKILL for each listed process that is still the one listed. */
export function killListed(processes) {
  for (const info of processes) {
    if (!stillRunning(info)) continue;
    try {
      process.kill(info.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
