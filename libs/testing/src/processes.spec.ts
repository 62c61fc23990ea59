import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { alive, descendants, until } from './processes.js';

describe('process table', () => {
  it('when a process starts a grandchild then descendants lists both, and alive turns false once they are killed', async () => {
    // A shell that starts a sleeping grandchild and waits for it.
    const shell = spawn('/bin/sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => shell.once('exit', resolve));
    try {
      const below = await until('the grandchild did not appear', 5_000, () => {
        const found = descendants(process.pid).filter((info) => info.pid === shell.pid || info.ppid === shell.pid);
        // The grandchild is a forked shell until it has exec'd sleep: wait for the name too.
        return found.some((info) => info.command === 'sleep') ? found : undefined;
      });
      expect(below.map((info) => info.command)).toEqual(expect.arrayContaining(['sh', 'sleep']));
      for (const info of below) expect(alive(info)).toBe(true);
      const sleeper = below.find((info) => info.command === 'sleep')!;
      process.kill(sleeper.pid, 'SIGKILL');
      await until('the grandchild was still alive', 5_000, () => (alive(sleeper) ? undefined : true));
      await exited;
      expect(alive(below.find((info) => info.command === 'sh')!)).toBe(false);
    } finally {
      shell.kill('SIGKILL');
    }
  });

  it('when the probe never answers then until fails after its bound', async () => {
    const started = Date.now();
    await expect(until('nothing happened', 400, () => undefined)).rejects.toThrow('nothing happened within 0.4 s');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
