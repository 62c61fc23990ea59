// The Linux process table (/proc), for tests that must prove they left no process behind,
// and a bounded wait.
import { readdirSync, readFileSync } from 'node:fs';

export type ProcInfo = { pid: number; ppid: number; start: string; state: string; command: string };

/** One process from /proc/<pid>/stat, or undefined when it is gone. */
function statOf(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(fields[1]), start: fields[19] ?? '', state: fields[0] ?? '', command: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Every process: pid, parent, start time (to tell a reused pid apart), state and command. */
export function processTable(): Map<number, ProcInfo> {
  const table = new Map<number, ProcInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = statOf(Number(entry));
    if (info) table.set(info.pid, info);
  }
  return table;
}

/** The processes below `root`, children first. */
export function descendants(root: number): ProcInfo[] {
  const table = processTable();
  const found: ProcInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const info of table.values()) {
      if (info.ppid === parent) {
        found.push(info);
        queue.push(info.pid);
      }
    }
  }
  return found;
}

/** Still running: same pid and start time, and not a zombie waiting to be reaped. */
export function alive(info: ProcInfo): boolean {
  const now = statOf(info.pid);
  return Boolean(now && now.start === info.start && now.state !== 'Z' && now.state !== 'X');
}

/** Polls `probe` every 200 ms until it answers something other than undefined; throws "<what> within N s" after `ms`. */
export async function until<T>(what: string, ms: number, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
