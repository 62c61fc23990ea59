// A redis-server of a test's own on a loopback port, that can really be stopped and started
// again on the same port (an outage, not a pause).
import { spawn, type ChildProcess } from 'node:child_process';
import { until } from './processes.js';
import { redisAnswers } from './services.js';

export const REDIS_SERVER = process.env['REDIS_SERVER'] || '/usr/bin/redis-server';

/** A redis-server on 127.0.0.1:port without persistence: a stop loses its data, like a restart of a cache. */
export class RedisProcess {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    const child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
      stdio: 'ignore',
    });
    this.child = child;
    await until(`redis-server did not listen on ${this.port}`, 10_000, async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${this.port}`);
      return (await redisAnswers(this.url)) ? true : undefined;
    });
  }

  /**
   * Stops it for real (SIGTERM, then SIGKILL after 5 s; `abrupt`: SIGKILL at once, a crash): the
   * port refuses connections until start().
   */
  async stop(options: { abrupt?: boolean } = {}): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(options.abrupt ? 'SIGKILL' : 'SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
